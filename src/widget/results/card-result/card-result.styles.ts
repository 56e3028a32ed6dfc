import { css } from 'lit';

export const cardResultStyles = css`
  .title.failed {
    color: var(--_error);
  }

  .pending {
    display: flex;
    align-items: center;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
  }

  .spinner {
    flex: none;
    box-sizing: border-box;
    width: 1.5rem;
    height: 1.5rem;
    border: 3px solid var(--_border);
    border-top-color: var(--_primary);
    border-radius: 50%;
    animation: spin 1s linear infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }

  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
