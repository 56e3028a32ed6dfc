import { css } from 'lit';

export const checkoutStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    max-width: 36rem;
    background: var(--_bg);
    line-height: 1.5;
  }

  :host([hidden]) {
    display: none;
  }

  .checkout,
  .form {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) * 1.25);
  }

  .checkout {
    padding: var(--pay-spacing, 1rem);
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

  .product {
    display: flex;
    align-items: center;
    gap: var(--pay-spacing, 1rem);
    min-width: 0;
  }

  .product img {
    flex: none;
    width: 4rem;
    height: 4rem;
    object-fit: cover;
    border-radius: var(--pay-radius, 8px);
  }

  .product-text {
    display: grid;
    min-width: 0;
  }

  .product-name {
    margin: 0;
    font-size: 1.125rem;
    overflow-wrap: anywhere;
  }

  .product pay-price {
    font-size: 1.25rem;
    font-weight: 700;
  }

  .form[hidden] {
    display: none;
  }

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

  .submit {
    width: 100%;
    color: var(--_on-primary);
    background: var(--_primary);
  }

  .submit[aria-disabled='true'] {
    cursor: progress;
  }

  .secondary {
    color: var(--_primary);
    background: var(--_bg);
  }

  .banner,
  .load-error {
    padding: calc(var(--pay-spacing, 1rem) * 0.75);
    border: 2px solid var(--_error);
    border-radius: var(--pay-radius, 8px);
  }

  p {
    margin: 0;
  }

  .banner p:first-child {
    color: var(--_error);
    font-weight: 600;
  }

  .banner ul {
    margin: 0.5rem 0 0;
    padding-left: 1.25rem;
  }

  .banner .reassurance {
    margin-top: 0.5rem;
  }

  .load-error {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
    justify-items: start;
  }

  .progress {
    text-align: center;
    color: var(--_muted);
  }
`;
