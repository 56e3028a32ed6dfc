import { css } from 'lit';

export const priceStyles = css`
  :host {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;
