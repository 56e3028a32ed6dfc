import { css } from 'lit';

/** A `<fieldset>` with its `<legend>` as a plain group heading: the look every form group of the widget shares. */
export const fieldGroupStyles = css`
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }

  legend {
    padding: 0;
    margin-bottom: calc(var(--pay-spacing, 1rem) / 2);
    font-weight: 600;
  }
`;
