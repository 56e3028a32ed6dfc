import { css } from 'lit';

/**
 * The widget's fields, one look for the buyer's details, the billing address and the card: the
 * label, the box (an input, a select, or `.face`, the box the card's instalment choice draws its
 * chosen option in), the hint, the error, the focus ring and the invalid mark. An invalid field
 * is marked with a thicker border drawn inside the box, so nothing around it moves; a disabled one
 * (the form locked while a payment runs) keeps its text readable.
 */
export const inputStyles = css`
  /*
   * A field's parts stack as blocks, and its inputs contain their size and layout: a key then lays
   * out its input alone. An input whose parent is a grid or flex box is laid out with it, and each
   * key laid the page out again from its root.
   */
  .field > * + * {
    margin-top: 0.25rem;
  }

  label {
    display: block;
    font-weight: 500;
  }

  input,
  select,
  .face {
    display: block;
    box-sizing: border-box;
    width: 100%;
    min-height: 44px;
    padding: 0.5rem 0.75rem;
    font: inherit;
    color: inherit;
    background: var(--_input-bg);
    border: 1px solid var(--_border);
    border-radius: var(--pay-radius, 8px);
  }

  input {
    contain: size layout;
  }

  /* The instalments' face shows the ring and the cursor of the transparent select over it (card-fields.styles.ts). */
  :focus-visible,
  .choice:has(:focus-visible) .face {
    outline: 3px solid var(--_focus);
    outline-offset: 1px;
  }

  [aria-invalid='true'] {
    border-color: var(--_error);
    box-shadow: inset 0 0 0 1px var(--_error);
  }

  :disabled,
  .choice:has(:disabled) .face {
    cursor: not-allowed;
  }

  .hint {
    color: var(--_muted);
  }

  .error {
    color: var(--_error);
    font-weight: 500;
  }
`;
