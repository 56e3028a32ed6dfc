import { css } from 'lit';

export const customerFieldsStyles = css`
  :host {
    display: grid;
    gap: var(--pay-spacing, 1rem);
    container-type: inline-size;
  }

  .grid {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
    grid-template-columns: minmax(0, 1fr);
  }

  /* Short address fields pair up once the fields have room (the checkout's width, not the screen's: a narrow column on a wide screen has one); phones get one column. */
  @container (min-width: 30rem) {
    .address {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }

    .street,
    .complement {
      grid-column: 1 / -1;
    }
  }

  .optional {
    font-weight: 400;
    color: var(--_muted);
  }

  /* The space is the span's own: without it, Chromium names the field "CPF ou CNPJ(opcional)" (one colon: shorter, and as well read). */
  .optional:before {
    content: ' ';
  }

  /* Its own formatting context: an empty line (an error, a suggestion) keeps the space above it, as in a grid. */
  p {
    display: flow-root;
    margin: 0;
    font-size: 0.875em;
  }

  /* A link-like button, its text the address meant: 24px high at least (WCAG 2.2, 2.5.8). */
  .suggestion button {
    min-height: 24px;
    padding: 0;
    font: inherit;
    color: var(--_primary);
    text-align: start;
    text-decoration: underline;
    background: none;
    border: 0;
    cursor: pointer;
  }
`;
