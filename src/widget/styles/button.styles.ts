import { css } from 'lit';

/**
 * The widget's buttons, one look for the checkout's, the result views' and the 3-D Secure
 * dialog's: at least 44px high (a finger's size; WCAG 2.2 asks 24px, 2.5.8), the theme's radius
 * and the focus ring of `--_focus`; `.primary` filled with the theme's colour, `.secondary`
 * outlined with it. An element's own stylesheet, after this one, sets what is its own (a width,
 * a place in its layout).
 */
export const buttonStyles = css`
  button {
    box-sizing: border-box;
    min-height: 44px;
    padding: 0.625rem 1.25rem;
    font: inherit;
    font-weight: 600;
    border: 2px solid var(--_primary);
    border-radius: var(--pay-radius, 8px);
    cursor: pointer;
  }

  button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  .primary {
    color: var(--_on-primary);
    background: var(--_primary);
  }

  .secondary {
    color: var(--_primary);
    background: var(--_bg);
  }
`;
