import { css } from 'lit';

export const customerFieldsStyles = css`
  :host {
    display: grid;
    gap: var(--pay-spacing, 1rem);
  }

  .grid {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
    grid-template-columns: minmax(0, 1fr);
  }

  /* Short address fields pair up once there is room; phones get one column. */
  @media (min-width: 30rem) {
    .address {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }

    .street,
    .complement {
      grid-column: 1 / -1;
    }
  }

  .field {
    display: grid;
    gap: 0.25rem;
    align-content: start;
  }

  label {
    font-weight: 500;
  }

  .optional {
    font-weight: 400;
    color: var(--pay-color-muted, #45464f);
  }

  input,
  select {
    box-sizing: border-box;
    width: 100%;
    min-height: 44px;
    padding: 0.5rem 0.75rem;
    font: inherit;
    color: inherit;
    background: var(--pay-color-input-background, var(--pay-color-background, #ffffff));
    border: 1px solid var(--pay-color-border, #6b6b70);
    border-radius: var(--pay-radius, 8px);
  }

  /* Only the inputs, the select and the e-mail suggestion take focus here. */
  :focus-visible {
    outline: 3px solid var(--pay-color-focus, var(--pay-color-primary, #0b57d0));
    outline-offset: 1px;
  }

  [aria-invalid='true'] {
    border-color: var(--pay-color-error, #b3261e);
    box-shadow: inset 0 0 0 1px var(--pay-color-error, #b3261e);
  }

  p {
    margin: 0;
    font-size: 0.875em;
  }

  .hint {
    color: var(--pay-color-muted, #45464f);
  }

  .error {
    color: var(--pay-color-error, #b3261e);
    font-weight: 500;
  }

  /* A link-like button, its text the address meant: 24px high at least (WCAG 2.2, 2.5.8). */
  .suggestion button {
    min-height: 24px;
    padding: 0;
    font: inherit;
    color: var(--pay-color-primary, #0b57d0);
    text-align: start;
    text-decoration: underline;
    background: none;
    border: 0;
    cursor: pointer;
  }

  input:disabled,
  select:disabled {
    cursor: not-allowed;
  }
`;
