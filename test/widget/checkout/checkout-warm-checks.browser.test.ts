import { expect, html, waitUntil } from '@open-wc/testing';
import '../../../src/widget/checkout/checkout.js';
import { DEVICE_FINGERPRINT_KEY } from '../../../src/widget/attempt/device-fingerprint.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayCustomerFields } from '../../../src/widget/customer/customer-fields.component.js';
import { chargeRequests, chooseMethod, customerFieldsOf, fillCustomer, pay, readyCheckout, sandboxSuite } from './checkout-harness.js';

/** Counts the calls of the customer fields' `customerDetails` on this element. */
function countDetails(fields: PayCustomerFields): { calls: number } {
  const count = { calls: 0 };
  const own = fields.customerDetails.bind(fields);
  fields.customerDetails = () => {
    count.calls += 1;
    return own();
  };
  return count;
}

/** Records the keys the page's storage is read for. */
function recordStorageReads(): { keys: string[]; restore(): void } {
  const getItem = Storage.prototype.getItem;
  const keys: string[] = [];
  Storage.prototype.getItem = function (this: Storage, key: string) {
    keys.push(key);
    return getItem.call(this, key);
  };
  return { keys, restore: () => (Storage.prototype.getItem = getItem) };
}

/**
 * The buyer moves to `input`: focus, and the `focusin` the form hears. Sent by hand as well, since
 * the browser tells a page that is not its focused window of no focus change.
 */
function focusOn(input: HTMLInputElement): void {
  input.focus();
  input.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
}

const fieldsShowingErrors = (el: PayCheckout) => [...customerFieldsOf(el).shadowRoot!.querySelectorAll('input[aria-invalid="true"]')].map((input) => (input as HTMLInputElement).name);

describe('the checks "Pay" runs are run ahead while the buyer fills the form', () => {
  const suite = sandboxSuite();
  let reads: ReturnType<typeof recordStorageReads>;

  beforeEach(() => {
    localStorage.removeItem(DEVICE_FINGERPRINT_KEY);
    reads = recordStorageReads();
  });
  afterEach(() => reads.restore());

  it('reads the buyer\'s fields and the device\'s id as the buyer starts on the form, showing and storing nothing; "Pay" then sends the id it stores', async () => {
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix"></pay-checkout>`);
    await chooseMethod(el, 'pix');
    const details = countDetails(customerFieldsOf(el));
    // Nothing ahead of the buyer: the form only drawn.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(details.calls).to.equal(0);
    expect(reads.keys).to.not.include(DEVICE_FINGERPRINT_KEY);

    // The buyer types a name and an e-mail that is not one yet, and leaves the other fields empty.
    const fields = customerFieldsOf(el);
    const name = fields.shadowRoot!.querySelector<HTMLInputElement>('input[name="name"]')!;
    focusOn(name);
    name.value = 'Maria';
    name.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await waitUntil(() => details.calls > 0 && reads.keys.includes(DEVICE_FINGERPRINT_KEY), 'the checks did not run ahead of "Pay"', { timeout: 10_000 });
    await fields.updateComplete;
    expect(fieldsShowingErrors(el), 'no field shows a problem the buyer has not been told of yet').to.deep.equal([]);
    expect(localStorage.getItem(DEVICE_FINGERPRINT_KEY), 'read, not written').to.equal(null);

    // The next field the buyer moves to runs them again, still showing and storing nothing.
    focusOn(fields.shadowRoot!.querySelector<HTMLInputElement>('input[name="email"]')!);
    await waitUntil(() => details.calls > 1, 'the checks did not run again', { timeout: 10_000 });
    expect(fieldsShowingErrors(el)).to.deep.equal([]);
    expect(localStorage.getItem(DEVICE_FINGERPRINT_KEY)).to.equal(null);

    await fillCustomer(el);
    await pay(el);
    await waitUntil(() => chargeRequests(suite.recording.requests, suite.env).length === 1, 'no charge', { timeout: 8000 });
    const stored = localStorage.getItem(DEVICE_FINGERPRINT_KEY);
    expect(stored).to.match(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body ?? '{}') as { customer?: { fingerprint?: string } };
    expect(body.customer?.fingerprint).to.equal(stored);
  });
});
