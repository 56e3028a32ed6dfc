import { css } from 'lit';

// Mobile first: on a phone the challenge takes the whole screen (issuer pages are made for
// about 390 px); from 40em the dialog is a centred card. Sizes are in % of the top layer's
// containing block (the viewport) rather than vw, which counts the scroll bar and overflows.
// The browser's own `margin: auto` centres the dialog: it is 0 while the dialog fills the
// screen, and a modal dialog as tall as its `max-height` allows is centred both ways.
export const threeDSecureDialogStyles = css`
  :host {
    display: contents;
  }

  dialog {
    box-sizing: border-box;
    width: 100%;
    max-width: 100%;
    height: 100%;
    max-height: 100%;
    padding: var(--pay-spacing, 1rem);
    border: none;
    /* The browser gives a dialog colours of its own: it takes the widget's text instead. */
    color: inherit;
    background: var(--_bg);
    line-height: 1.5;
    overflow-wrap: anywhere;
  }

  dialog[open] {
    display: flex;
    flex-direction: column;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
  }

  dialog::backdrop {
    background: var(--_backdrop);
  }

  h2,
  p {
    margin: 0;
  }

  h2 {
    font-size: 1.25rem;
    line-height: 1.3;
  }

  /* A flex item: stretched to the dialog's width, and a block. */
  iframe {
    box-sizing: border-box;
    flex: 1 1 auto;
    min-height: 20rem;
    border: 1px solid var(--_border);
    border-radius: var(--pay-radius, 0.5rem);
    background: #fff;
  }

  h2:focus-visible,
  iframe:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  @media (min-width: 40em) {
    dialog {
      width: min(32rem, calc(100% - 2rem));
      max-height: calc(100% - 2rem);
      padding: calc(var(--pay-spacing, 1rem) * 1.5);
      border-radius: var(--pay-radius, 0.5rem);
      box-shadow: 0 0.5rem 2rem rgb(0 0 0 / 0.3);
    }

    iframe {
      flex: 0 1 auto;
      height: 26rem;
    }

    button {
      align-self: flex-end;
    }
  }

  @media (prefers-reduced-motion: no-preference) {
    dialog[open] {
      animation: rise 0.16s ease-out;
    }

    dialog[open]::backdrop {
      animation: fade 0.16s ease-out;
    }
  }

  @keyframes rise {
    from {
      opacity: 0;
      transform: translateY(1rem);
    }
  }

  @keyframes fade {
    from {
      opacity: 0;
    }
  }
`;
