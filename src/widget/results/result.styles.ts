import { css } from 'lit';
import { buttonStyles } from '../styles/button.styles.js';

/**
 * The look the three result views share: title, text, buttons (the widget's, buttonStyles), the
 * paid mark. The host is a grid, so the view's base fills the height the view keeps for its order
 * (result-element.ts, `willUpdate`); the base is a column whose last line, the order's reference,
 * sits at its foot, so it stays where it was when what is above it gets shorter.
 */
export const resultStyles = [
  buttonStyles,
  css`
    :host {
      display: grid;
      box-sizing: border-box;
      min-width: 0;
      line-height: 1.5;
    }

    .base {
      display: flex;
      flex-direction: column;
      gap: var(--pay-spacing, 1rem);
      min-width: 0;
    }

    /* A word longer than the line (large text on a phone) breaks rather than pushing the view wider. */
    .title {
      margin: 0;
      font-size: 1.25rem;
      line-height: 1.3;
      overflow-wrap: anywhere;
    }

    .title:focus {
      outline: none;
    }

    p,
    ol {
      margin: 0;
    }

    .muted {
      color: var(--_muted);
    }

    .amount {
      font-size: 1.125rem;
    }

    .paid-title {
      margin-top: auto;
      display: flex;
      align-items: center;
      gap: 0.75rem;
    }

    .success-mark {
      flex: none;
      width: 2.5rem;
      height: 2.5rem;
      fill: var(--pay-color-success, #1e7b3c);
    }

    .success-mark path {
      fill: none;
      stroke: #fff;
      stroke-width: 2.5;
      stroke-linecap: round;
      stroke-linejoin: round;
    }

    .actions {
      display: grid;
      gap: calc(var(--pay-spacing, 1rem) * 0.75);
    }

    button {
      width: 100%;
    }

    /* The title is listed here, after .title:focus, so that its ring wins over that rule. */
    .title:focus-visible,
    a:focus-visible {
      outline: 3px solid var(--_focus);
      outline-offset: 2px;
    }

    .reference {
      margin-top: auto;
      overflow-wrap: anywhere;
    }

    @media (min-width: 30rem) {
      .actions button {
        justify-self: start;
        width: auto;
      }
    }
  `,
];
