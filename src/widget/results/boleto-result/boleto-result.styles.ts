import { css } from 'lit';

export const boletoResultStyles = css`
  .due-date {
    font-weight: 600;
  }

  .pdf-link {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
    min-height: 44px;
    color: var(--_primary);
    font-weight: 600;
    text-underline-offset: 0.2em;
  }

  .pdf-link .new-tab {
    font-weight: 400;
  }
`;
