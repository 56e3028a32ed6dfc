import { css } from 'lit';

export const pixResultStyles = css`
  .qr {
    display: grid;
    place-items: center;
    align-self: center;
    width: min(100%, 16rem);
    aspect-ratio: 1;
  }

  .qr-code {
    display: block;
    width: 100%;
    height: 100%;
    border-radius: var(--pay-radius, 8px);
  }

  .qr-status {
    padding: var(--pay-spacing, 1rem);
    text-align: center;
    border: 1px dashed var(--_border);
    border-radius: var(--pay-radius, 8px);
  }

  .countdown {
    font-weight: 600;
  }

  .countdown [role='timer'] {
    font-variant-numeric: tabular-nums;
  }

  .steps h4,
  .terms h4 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }

  .steps ol {
    padding-left: 1.5rem;
  }

  .journey {
    padding: calc(var(--pay-spacing, 1rem) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--pay-radius, 8px);
  }

  .journey p + p {
    margin-top: 0.5rem;
  }

  .terms dl {
    display: grid;
    gap: 0.25rem;
    margin: 0;
  }

  /* Label and value on one line while they fit, the value under its label on a narrow screen. */
  .terms dl > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    column-gap: 1rem;
    padding-bottom: 0.25rem;
    border-bottom: 1px solid var(--_border);
  }

  .terms dt {
    color: var(--_muted);
  }

  .terms dd {
    margin: 0;
    font-weight: 600;
  }
`;
