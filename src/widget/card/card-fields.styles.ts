import { css } from 'lit';

/**
 * Mobile first: one column, inputs the full width, expiry and CVV side by side (they fit at
 * 320px), the instalment chosen shown whole. 44px targets (WCAG 2.2, 2.5.8 asks 24; 44 is the comfortable size for thumbs), 16px
 * text so phones do not zoom on focus, a 3px focus ring, and default colours with at least
 * 4.5:1 contrast for text and 3:1 for borders on white.
 */
export const cardFieldsStyles = css`
  :host {
    display: block;
  }

  .fields,
  .pair {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--pay-spacing, 1rem);
  }

  /*
   * Expiry and CVV share their rows (label, hint, input, error), so their inputs line up
   * whatever the length of a label or a hint in the buyer's language.
   */
  .pair {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    row-gap: 0;
  }

  /* In the subgrid, a key in the expiry or the code lays the pair out with its input (inputStyles). */
  .pair .field {
    display: grid;
    grid-row: span 4;
    grid-template-rows: subgrid;
  }

  label,
  p,
  .face {
    line-height: 1.4;
  }

  /* Every paragraph is a hint, the brand or an error. */
  p {
    margin: 0;
    font-size: 0.875rem;
  }

  .brand {
    font-weight: 600;
  }

  /* The accepted brands' marks: small, in colour until a brand is detected, then only it. */
  .marks {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
  }

  .mark {
    display: flex;
  }

  .faded {
    opacity: 0.35;
    filter: grayscale(1);
  }

  .detected svg {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
    border-radius: 3px;
  }

  /*
   * The labels and the boxes in 16px text, which phones do not zoom into (a box is the widget's
   * field, inputStyles; the select is the instalments', drawn by its face below).
   */
  label,
  input,
  select,
  .face {
    margin: 0;
    font-size: 1rem;
  }

  .choice {
    position: relative;
  }

  /* The chosen option's text wraps; room on the right for the arrow. */
  .face {
    padding-inline-end: 2.25rem;
  }

  .face::after {
    content: '';
    position: absolute;
    inset-inline-end: 1rem;
    top: 50%;
    width: 0.5rem;
    height: 0.5rem;
    border: solid currentColor;
    border-width: 0 2px 2px 0;
    transform: translateY(-75%) rotate(45deg);
  }

  /* The real select, on top of its face, takes the taps and the keyboard; the face shows its focus ring and cursor (input.styles.ts). */
  .choice select {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    opacity: 0;
    cursor: pointer;
  }

  [inputmode=numeric] {
    font-variant-numeric: tabular-nums;
  }
`;
