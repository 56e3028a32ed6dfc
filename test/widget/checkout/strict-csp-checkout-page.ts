// Runs inside an iframe whose document has a strict CSP with Trusted Types (see
// checkout.browser.test.ts): a buyer pays by card, and the page reports to the test.
import '../../../src/widget/define.js';
import type { PayOrderCreatedEvent } from '../../../src/widget/events/order-created-event.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
});

/** Proves the page really enforces Trusted Types: a plain string must not become HTML. */
function trustedTypesEnforced(): boolean {
  try {
    document.createElement('div').innerHTML = '<b>never</b>';
    return false;
  } catch {
    return true;
  }
}

/** Types into an input of a component the way the browser reports typing: value, then an input event. */
function type(root: ShadowRoot, selector: string, value: string): void {
  const input = root.querySelector<HTMLInputElement>(selector)!;
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }));
}

function report(result: Record<string, unknown>): void {
  parent.postMessage({ type: 'csp-checkout-result', violations, trustedTypesEnforced: trustedTypesEnforced(), ...result }, parent.location.origin);
}

const checkout = document.createElement('pay-checkout');
checkout.relay = '/relay';
checkout.offer = '77BcHrY';
checkout.methods = 'credit_card';
checkout.customer = { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321' };
const ready = new Promise((resolve) => checkout.addEventListener('pay-ready', resolve, { once: true }));
document.body.append(checkout);
try {
  await ready;
  await checkout.updateComplete;
  const card = checkout.shadowRoot!.querySelector('pay-card-fields')!;
  await card.updateComplete;
  const root = card.shadowRoot!;
  type(root, '#card-number', '4111111111111111');
  type(root, '#card-expiry', `11/${String(new Date().getFullYear() + 5).slice(2)}`);
  type(root, '#card-cvv', '987');
  type(root, '#card-holderName', 'Maria Silva');
  await card.updateComplete;
  const created = new Promise<PayOrderCreatedEvent>((resolve) => checkout.addEventListener('pay-order-created', resolve, { once: true }));
  checkout.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit"]')!.click();
  const { order } = (await created).detail;
  report({ status: order.status });
} catch (error) {
  report({ error: String(error) });
}
