// What the 3-D Secure browser tests share: the real sandbox on its own origin, card tokens
// made the way the widget makes them, a buyer, and a way to catch the dialog as it appears.
import { oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ThreeDSecureInput } from '../../../src/widget/three-d-secure/provider.js';
import type { PayThreeDSecureDialog } from '../../../src/widget/three-d-secure/three-d-secure-dialog.component.js';

export const FRICTIONLESS_CARD = '4111111111111111';
export const CHALLENGE_CARD = '5555555555554444';
export const CHALLENGE_CODE = '1234';

export interface TestEnv {
  sandboxUrl: string;
  pageOrigin: string;
}

export async function testEnv(): Promise<TestEnv> {
  return (await (await fetch('/__test-env')).json()) as TestEnv;
}

export function sessionsUrlOf(env: TestEnv): string {
  return `${env.sandboxUrl}/sandbox/3ds/sessions`;
}

/** A fresh single-use token from the sandbox's card-token endpoint, as the widget gets one. */
export async function cardToken(env: TestEnv, number: string): Promise<string> {
  const response = await fetch(`${env.sandboxUrl}/public_api/card-tokens/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-client-id': 'sandbox-public' },
    body: JSON.stringify({ holderName: 'MARIA SILVA', number, expMonth: '12', expYear: String(new Date().getFullYear() + 5), cvv: '123' }),
  });
  if (response.status !== 201) throw new Error(`card token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** What the checkout hands the provider for a R$ 97,00 purchase. */
export function buyerInput(token: string, signal?: AbortSignal): ThreeDSecureInput {
  return {
    cardToken: token,
    amountInCents: 9700,
    currency: 'BRL',
    customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '5511987654321' },
    billingAddress: { street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', zipcode: '01310100' },
    ...(signal ? { signal } : {}),
  };
}

/** How long a dialog may take to appear with its page loaded: well under the test's own timeout. */
export const DIALOG_WAIT_MS = 8000;

/**
 * The next `<pay-3ds-dialog>` attached to `host`, once the challenge page has loaded in its
 * frame and the opening animation has ended (axe reads colours mid-fade otherwise). The
 * frame's load listener is added in the task the frame is created in, so no load is missed.
 * It fails with a message after `DIALOG_WAIT_MS` rather than leaving the test to its timeout.
 */
export function nextDialog(host: Element | ShadowRoot): Promise<PayThreeDSecureDialog> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`no challenge dialog with its page loaded within ${DIALOG_WAIT_MS} ms`));
    }, DIALOG_WAIT_MS);
    const observer = new MutationObserver(() => {
      const dialog = host.querySelector('pay-3ds-dialog');
      if (!dialog) return;
      observer.disconnect();
      void dialog.updateComplete
        .then(() => oneEvent(frameOf(dialog), 'load'))
        .then(() => Promise.all(nativeDialogOf(dialog).getAnimations({ subtree: true }).map((animation) => animation.finished)))
        .then(() => {
          clearTimeout(timer);
          resolve(dialog);
        });
    });
    observer.observe(host, { childList: true });
  });
}

/** How an authentication ended; awaiting it never throws, so a rejection is never left unhandled. */
export type Outcome<T> = { result: T } | { error: unknown };

export function outcomeOf<T>(promise: Promise<T>): Promise<Outcome<T>> {
  return promise.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
}

/** The error an outcome ended with; fails the test when it resolved instead. */
export function errorOf<T>(outcome: Outcome<T>): unknown {
  if ('error' in outcome) return outcome.error;
  throw new Error(`expected a rejection, got ${JSON.stringify(outcome.result)}`);
}

/** The value an outcome resolved with; fails the test with the error otherwise. */
export function resultOf<T>(outcome: Outcome<T>): T {
  if ('result' in outcome) return outcome.result;
  throw outcome.error;
}

export function frameOf(dialog: PayThreeDSecureDialog): HTMLIFrameElement {
  const frame = dialog.shadowRoot?.querySelector('iframe');
  if (!frame) throw new Error('the dialog shows no challenge frame');
  return frame;
}

export function nativeDialogOf(dialog: PayThreeDSecureDialog): HTMLDialogElement {
  return dialog.shadowRoot!.querySelector('dialog')!;
}

/** The session's reference, the last segment of its challenge page's URL. */
export function referenceIdOf(dialog: PayThreeDSecureDialog): string {
  return decodeURIComponent(new URL(frameOf(dialog).src).pathname.split('/').pop()!);
}

/**
 * An element as text, for assertions: `button "Pagar"`, `iframe[part=frame]`, `body`, `none`.
 * Tests compare these rather than elements: a failed assertion whose expected and actual are
 * elements of two kinds (or an element and null) keeps them in its report, which the test
 * runner cannot send from the page (it clones the report), so the run hangs until the
 * runner's own timeout instead of failing with a message.
 */
export function describeElement(element: Element | null | undefined): string {
  if (!element) return 'none';
  const part = element.getAttribute('part');
  const text = element.localName === 'button' ? ` "${element.textContent?.trim() ?? ''}"` : '';
  return `${element.localName}${element.id ? `#${element.id}` : ''}${part ? `[part=${part}]` : ''}${text}`;
}

/** The element with focus in `root` (not looking into shadow roots), as text. */
export function focusIn(root: Document | ShadowRoot = document): string {
  return describeElement(root.activeElement);
}

/**
 * The buyer answers the bank's page with the keyboard: focus starts on the dialog's heading,
 * Tab enters the cross-origin frame at its code field, Enter submits its form.
 */
export async function typeChallengeCode(code: string): Promise<void> {
  await sendKeys({ press: 'Tab' });
  await sendKeys({ type: code });
  await sendKeys({ press: 'Enter' });
}

/** Whether a promise has settled, read after giving it time to. */
export function settlement(promise: Promise<unknown>): { settled: boolean } {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

/** The element with focus, looking into shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
