import { css } from 'lit';

/**
 * `.reserve` is on the base until an order shows: it keeps the height the page reserved for the
 * form (`--pay-reserved-height`, docs/widget.md "Keeping the page still"), the form at its top.
 */
export const checkoutStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    max-width: 36rem;
    background: var(--_bg);
    line-height: 1.5;
  }

  .checkout,
  .form {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) * 1.25);
  }

  .checkout {
    padding: var(--pay-spacing, 1rem);
  }

  .reserve {
    box-sizing: border-box;
    min-height: var(--pay-reserved-height);
    align-content: start;
  }

  /* The name and price go under the picture when there is no room beside it (a narrow phone with large text). */
  .product {
    display: flex;
    flex-wrap: wrap;
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
    flex: 1 1 12rem;
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

  .submit {
    width: 100%;
    color: var(--_on-primary);
    background: var(--_primary);
  }

  .submit[aria-disabled='true'] {
    cursor: progress;
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
