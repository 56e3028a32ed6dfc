import { css } from 'lit';

export const methodPickerStyles = css`
  :host {
    display: block;
  }

  .options {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) / 2);
  }

  .option {
    display: flex;
    align-items: flex-start;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
    min-height: 44px;
    box-sizing: border-box;
    padding: calc(var(--pay-spacing, 1rem) * 0.75);
    border: 1px solid var(--pay-color-border, #6b6b70);
    border-radius: var(--pay-radius, 8px);
    background: var(--pay-color-background, #ffffff);
    cursor: pointer;
  }

  .option:has(input:checked) {
    border-color: var(--pay-color-primary, #0b57d0);
    box-shadow: inset 0 0 0 1px var(--pay-color-primary, #0b57d0);
  }

  .option:has(input:focus-visible) {
    outline: 3px solid var(--pay-color-focus, var(--pay-color-primary, #0b57d0));
    outline-offset: 2px;
  }

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
    accent-color: var(--pay-color-primary, #0b57d0);
  }

  input:focus-visible {
    outline: none;
  }

  .text {
    display: grid;
    gap: 0.125rem;
    min-width: 0;
  }

  .name {
    font-weight: 600;
  }

  .description {
    color: var(--pay-color-muted, #45464f);
    font-size: 0.875em;
  }

  .error {
    margin: calc(var(--pay-spacing, 1rem) / 2) 0 0;
    color: var(--pay-color-error, #b3261e);
  }

  fieldset:disabled .option {
    cursor: not-allowed;
  }
`;
