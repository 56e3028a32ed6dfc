import { css } from 'lit';

/** The look the three result views share: title, text, buttons, the paid mark, the live region. */
export const resultStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    min-width: 0;
    line-height: 1.5;
  }

  :host([hidden]) {
    display: none;
  }

  .base {
    display: grid;
    gap: var(--pay-spacing, 1rem);
    min-width: 0;
  }

  .title {
    margin: 0;
    font-size: 1.25rem;
    line-height: 1.3;
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
    stroke: #ffffff;
    stroke-width: 2.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }

  .actions {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
  }

  button {
    box-sizing: border-box;
    width: 100%;
    min-height: 44px;
    padding: 0.625rem 1.25rem;
    font: inherit;
    font-weight: 600;
    border: 2px solid var(--_primary);
    border-radius: var(--pay-radius, 8px);
    cursor: pointer;
  }

  /* The title is listed here, after .title:focus, so that its ring wins over that rule. */
  .title:focus-visible,
  button:focus-visible,
  a:focus-visible {
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

  .reference {
    overflow-wrap: anywhere;
  }

  @media (min-width: 30rem) {
    .actions button {
      justify-self: start;
      width: auto;
    }
  }
`;
