import { css } from 'lit';

export const priceStyles = css`
  :host {
    display: inline;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;
