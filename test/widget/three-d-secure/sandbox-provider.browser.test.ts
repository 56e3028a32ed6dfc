import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CEP_LENGTH_MESSAGE } from '../../../src/contract/charge-request-rules.js';
import type { ThreeDSecureResult } from '../../../src/contract/three-d-secure.js';
import { THREE_DS_RESULT_MESSAGE_TYPE } from '../../../src/sandbox/card/three-d-secure-challenge-page.js';
import { createSandboxThreeDSecureProvider } from '../../../src/widget/three-d-secure/sandbox-provider.js';
import {
  ThreeDSecureCanceledError,
  ThreeDSecureFailedError,
  ThreeDSecureSessionError,
  type ThreeDSecureInput,
  type ThreeDSecureProvider,
} from '../../../src/widget/three-d-secure/provider.js';
import type { PayThreeDSecureDialog } from '../../../src/widget/three-d-secure/three-d-secure-dialog.component.js';
// Registered as a page registers it (define.js, or the checkout's 3-D Secure code): the provider does not.
import '../../../src/widget/three-d-secure/three-d-secure-dialog.js';
import {
  buyerInput,
  CHALLENGE_CARD,
  CHALLENGE_CODE,
  cardToken,
  deepActiveElement,
  describeElement,
  errorOf,
  FRICTIONLESS_CARD,
  focusIn,
  frameOf,
  nativeDialogOf,
  nextDialog,
  outcomeOf,
  referenceIdOf,
  resultOf,
  sessionsUrlOf,
  settlement,
  testEnv,
  typeChallengeCode,
  type Outcome,
  type TestEnv,
} from './sandbox-3ds.js';

/** A provider whose `fetch` records every URL it is asked for. */
function countingProvider(env: TestEnv): { provider: ThreeDSecureProvider; calls: string[] } {
  const calls: string[] = [];
  const provider = createSandboxThreeDSecureProvider({
    sessionsUrl: sessionsUrlOf(env),
    fetch: (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    },
  });
  return { provider, calls };
}

describe('createSandboxThreeDSecureProvider', () => {
  let env: TestEnv;
  let provider: ThreeDSecureProvider;
  let payButton: HTMLButtonElement;
  let test: AbortController;

  /** Starts a challenge card's authentication and waits for its dialog, ready to use. */
  async function openChallenge(
    options: { provider?: ThreeDSecureProvider; host?: Element | ShadowRoot } = {},
  ): Promise<{ dialog: PayThreeDSecureDialog; outcome: Promise<Outcome<ThreeDSecureResult>> }> {
    const appearing = nextDialog(options.host ?? document.body);
    const input = buyerInput(await cardToken(env, CHALLENGE_CARD), test.signal);
    const outcome = outcomeOf((options.provider ?? provider).authenticate(input));
    return { dialog: await appearing, outcome };
  }

  beforeEach(async () => {
    env = await testEnv();
    await fetch('/__sandbox/reset', { method: 'POST' });
    provider = createSandboxThreeDSecureProvider({ sessionsUrl: sessionsUrlOf(env) });
    payButton = await fixture<HTMLButtonElement>(html`<button type="button">Pagar</button>`);
    payButton.focus();
    test = new AbortController();
  });

  afterEach(() => {
    // A failed test must not leave a modal dialog over the next one.
    test.abort();
  });

  describe('when the card is frictionless', () => {
    it('resolves with the issuer\'s result without opening a dialog', async () => {
      const attached: Node[] = [];
      const observer = new MutationObserver((records) => records.forEach((record) => attached.push(...record.addedNodes)));
      observer.observe(document.body, { childList: true, subtree: true });
      const result = await provider.authenticate(buyerInput(await cardToken(env, FRICTIONLESS_CARD), test.signal));
      observer.disconnect();

      expect(result.eci).to.equal('05');
      expect(result.version).to.equal('2.2.0');
      expect(result.cavv).to.be.a('string').and.not.equal('');
      expect(result.xid).to.be.a('string').and.not.equal('');
      expect(attached.filter((node) => node.nodeName === 'PAY-3DS-DIALOG').length).to.equal(0);
      expect(focusIn()).to.equal(describeElement(payButton));

      const session = (await (await fetch(`${sessionsUrlOf(env)}/${result.referenceId}`)).json()) as { outcome: string; parentOrigin: string };
      expect(session.outcome).to.equal('authenticated');
      expect(session.parentOrigin).to.equal(location.origin);
    });
  });

  describe('when the card asks for a challenge', () => {
    it('opens an accessible modal dialog with the bank\'s page in a sandboxed frame', async () => {
      const { dialog, outcome } = await openChallenge();

      expect(nativeDialogOf(dialog).matches(':modal')).to.equal(true);
      const frame = frameOf(dialog);
      expect(frame.src.startsWith(`${env.sandboxUrl}/sandbox/3ds/challenge/`)).to.equal(true);
      expect(frame.getAttribute('title')).to.equal('Verificação de segurança do banco');
      expect([...frame.sandbox].sort()).to.deep.equal(['allow-forms', 'allow-same-origin', 'allow-scripts']);
      expect(deepActiveElement()?.id).to.equal('title');
      await expect(dialog).to.be.accessible();

      test.abort();
      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
    });

    it('resolves with ECI 05 when the buyer types the right code, then removes the dialog and gives focus back', async () => {
      const { dialog, outcome } = await openChallenge();
      const referenceId = referenceIdOf(dialog);

      await typeChallengeCode(CHALLENGE_CODE);
      const result = resultOf(await outcome);

      expect(result.eci).to.equal('05');
      expect(result.referenceId).to.equal(referenceId);
      expect(result.version).to.equal('2.2.0');
      expect(dialog.isConnected).to.equal(false);
      expect(describeElement(document.querySelector('pay-3ds-dialog'))).to.equal('none');
      expect(focusIn()).to.equal(describeElement(payButton));
    });

    it('rejects with ThreeDSecureFailedError for a wrong code', async () => {
      const { dialog, outcome } = await openChallenge();

      await typeChallengeCode('9999');

      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureFailedError);
      expect(dialog.isConnected).to.equal(false);
      expect(focusIn()).to.equal(describeElement(payButton));
    });
  });

  describe('when the buyer cancels', () => {
    it('Escape rejects with ThreeDSecureCanceledError, removes the dialog and gives focus back', async () => {
      const { dialog, outcome } = await openChallenge();
      await sendKeys({ press: 'Escape' });

      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
      expect(dialog.isConnected).to.equal(false);
      expect(focusIn()).to.equal(describeElement(payButton));
    });

    it('the dialog\'s cancel button rejects with ThreeDSecureCanceledError', async () => {
      const { dialog, outcome } = await openChallenge();
      dialog.shadowRoot!.querySelector<HTMLButtonElement>('[part="cancel-button"]')!.click();

      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
      expect(dialog.isConnected).to.equal(false);
      expect(focusIn()).to.equal(describeElement(payButton));
    });

    it('Escape pressed inside the bank\'s page cancels there too: the page reports canceled', async () => {
      const { dialog, outcome } = await openChallenge();
      const referenceId = referenceIdOf(dialog);
      // Heading → the code field, inside the bank's frame: keys pressed there never reach the dialog.
      await sendKeys({ press: 'Tab' });
      expect(describeElement(deepActiveElement())).to.equal('iframe[part=frame]');
      await sendKeys({ press: 'Escape' });

      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
      expect(dialog.isConnected).to.equal(false);
      expect(focusIn()).to.equal(describeElement(payButton));
      // The sandbox heard the page's cancel: the dialog's own cancel leaves the session pending.
      const session = (await (await fetch(`${sessionsUrlOf(env)}/${referenceId}`)).json()) as { outcome: string };
      expect(session.outcome).to.equal('canceled');
    });

    it('the dialog\'s cancel is the only cancel: the bank\'s page has none of its own', async () => {
      const { dialog, outcome } = await openChallenge();

      // Heading → code field → Confirmar (both in the bank's frame) → the dialog's cancel.
      const stops: string[] = [];
      for (let step = 0; step < 3; step += 1) {
        await sendKeys({ press: 'Tab' });
        stops.push(describeElement(deepActiveElement()));
      }
      expect(stops).to.deep.equal(['iframe[part=frame]', 'iframe[part=frame]', 'button[part=cancel-button] "Cancelar verificação"']);
      const session = (await (await fetch(`${sessionsUrlOf(env)}/${referenceIdOf(dialog)}`)).json()) as { outcome: string };
      expect(session.outcome).to.equal('pending');

      test.abort();
      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
    });

    it('aborting the signal rejects with ThreeDSecureCanceledError and closes the dialog', async () => {
      const { dialog, outcome } = await openChallenge();
      test.abort();

      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
      expect(dialog.isConnected).to.equal(false);
      expect(focusIn()).to.equal(describeElement(payButton));
    });

    it('gives focus back even when it had left the dialog for the browser\'s own UI', async () => {
      const { dialog, outcome } = await openChallenge();
      // Heading → two stops in the bank's page → the dialog's cancel → the browser's UI.
      for (let step = 0; step < 4; step += 1) await sendKeys({ press: 'Tab' });
      expect(focusIn()).to.equal('body');
      test.abort();

      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
      expect(dialog.isConnected).to.equal(false);
      expect(focusIn()).to.equal(describeElement(payButton));
    });

    it('an already aborted signal rejects at once, without starting a session', async () => {
      const counted = countingProvider(env);
      test.abort();
      const outcome = await outcomeOf(counted.provider.authenticate(buyerInput('tok_any', test.signal)));

      expect(errorOf(outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
      expect(counted.calls).to.deep.equal([]);
    });
  });

  describe('when other windows post messages', () => {
    it('ignores a result from another origin, even one naming this session', async () => {
      const { dialog, outcome } = await openChallenge();
      const state = settlement(outcome);
      const referenceId = referenceIdOf(dialog);

      const forged = {
        type: THREE_DS_RESULT_MESSAGE_TYPE,
        referenceId,
        outcome: 'authenticated',
        result: { cavv: 'forged', eci: '05', xid: 'forged', referenceId, version: '2.2.0' },
      };
      const delivered = new Promise<MessageEvent>((resolve) => window.addEventListener('message', resolve, { once: true }));
      window.postMessage(forged, location.origin);
      expect((await delivered).origin).to.equal(location.origin);
      await aTimeout(100);
      expect(state.settled).to.equal(false);
      expect(nativeDialogOf(dialog).open).to.equal(true);

      await typeChallengeCode(CHALLENGE_CODE);
      const result = resultOf(await outcome);
      expect(result.cavv).to.not.equal('forged');
      expect(result.referenceId).to.equal(referenceId);
    });

    it('ignores a real result of another session from the bank\'s origin', async () => {
      const { dialog, outcome } = await openChallenge();
      const state = settlement(outcome);

      // Another session framed by this page, answered, and shown in a frame of its own: its
      // result page posts a real message from the sandbox's origin to this window.
      const otherInput: Omit<ThreeDSecureInput, 'signal'> = buyerInput(await cardToken(env, CHALLENGE_CARD));
      const created = await fetch(sessionsUrlOf(env), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...otherInput, parentOrigin: location.origin }),
      });
      const other = (await created.json()) as { referenceId: string; challengeUrl: string };
      // The page's own form post, as a simple cross-origin request (the answer is not read).
      await fetch(other.challengeUrl, { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ code: CHALLENGE_CODE }) });
      const delivered = new Promise<MessageEvent>((resolve) => {
        window.addEventListener('message', function seen(event) {
          if ((event.data as { referenceId?: string } | null)?.referenceId !== other.referenceId) return;
          window.removeEventListener('message', seen);
          resolve(event);
        });
      });
      const otherFrame = document.createElement('iframe');
      otherFrame.title = 'Outra sessão';
      otherFrame.src = other.challengeUrl;
      document.body.append(otherFrame);
      try {
        const message = await delivered;
        expect(message.origin).to.equal(new URL(env.sandboxUrl).origin);
        expect((message.data as { outcome: string }).outcome).to.equal('authenticated');
        await aTimeout(100);
        expect(state.settled).to.equal(false);
        expect(nativeDialogOf(dialog).open).to.equal(true);
      } finally {
        otherFrame.remove();
      }

      test.abort();
      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
    });
  });

  describe('when the dialog is open', () => {
    it('keeps Tab inside it: the page behind never gets focus', async () => {
      const { dialog, outcome } = await openChallenge();

      const stops: string[] = [];
      // From the heading: two stops in the bank's page, the dialog's cancel, the browser's own UI, and round again.
      for (let step = 0; step < 10; step += 1) {
        await sendKeys({ press: 'Tab' });
        const active = deepActiveElement();
        expect(active === document.body || dialog.shadowRoot!.contains(active), `Tab ${step + 1}`).to.equal(true);
        stops.push(active === document.body ? 'browser' : active!.getAttribute('part')!);
      }
      expect(stops).to.include('frame');
      expect(stops).to.include('cancel-button');

      await sendKeys({ down: 'Shift' });
      for (let step = 0; step < 6; step += 1) {
        await sendKeys({ press: 'Tab' });
        const active = deepActiveElement();
        expect(active === document.body || dialog.shadowRoot!.contains(active), `Shift+Tab ${step + 1}`).to.equal(true);
      }
      await sendKeys({ up: 'Shift' });

      test.abort();
      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
    });
  });

  describe('when it is mounted inside another shadow root', () => {
    it('attaches the dialog there and gives focus back to the element inside it', async () => {
      const shell = await fixture<HTMLElement>(html`<div></div>`);
      const root = shell.attachShadow({ mode: 'open' });
      const innerButton = document.createElement('button');
      innerButton.textContent = 'Pagar com cartão';
      root.append(innerButton);
      innerButton.focus();

      const inShadow = createSandboxThreeDSecureProvider({ sessionsUrl: sessionsUrlOf(env), host: root, locale: 'en' });
      const { dialog, outcome } = await openChallenge({ provider: inShadow, host: root });

      expect(dialog.getRootNode() === root, 'the dialog is in the shadow root').to.equal(true);
      expect(nativeDialogOf(dialog).matches(':modal')).to.equal(true);
      expect(dialog.shadowRoot!.querySelector('h2')!.textContent).to.equal('Confirm the purchase with your bank');
      await expect(dialog).to.be.accessible();

      await sendKeys({ press: 'Escape' });
      expect(errorOf(await outcome)).to.be.instanceOf(ThreeDSecureCanceledError);
      expect(describeElement(root.querySelector('pay-3ds-dialog'))).to.equal('none');
      expect(focusIn(root)).to.equal(describeElement(innerButton));
    });
  });

  describe('when the input is refused', () => {
    it('names the missing billing address without calling the sandbox', async () => {
      const counted = countingProvider(env);
      const { billingAddress: _left, ...withoutAddress } = buyerInput(await cardToken(env, CHALLENGE_CARD));
      const outcome = await outcomeOf(counted.provider.authenticate(withoutAddress as ThreeDSecureInput));

      const error = errorOf(outcome);
      expect(error).to.be.instanceOf(ThreeDSecureSessionError);
      const sessionError = error as ThreeDSecureSessionError;
      expect(sessionError.message).to.contain('needs the billing address');
      expect(Object.keys(sessionError.fields)).to.deep.equal(['billingAddress']);
      expect(sessionError.status).to.equal(undefined);
      expect(counted.calls).to.deep.equal([]);
    });

    it('passes on the sandbox\'s 400 naming the field of an incomplete billing address', async () => {
      const input = buyerInput(await cardToken(env, CHALLENGE_CARD));
      const outcome = await outcomeOf(provider.authenticate({ ...input, billingAddress: { ...input.billingAddress, zipcode: '0131' } }));

      const error = errorOf(outcome);
      expect(error).to.be.instanceOf(ThreeDSecureSessionError);
      const sessionError = error as ThreeDSecureSessionError;
      expect(sessionError.status).to.equal(400);
      expect(Object.keys(sessionError.fields)).to.deep.equal(['billingAddress.zipcode']);
      expect(sessionError.message).to.contain(`billingAddress.zipcode: ${CEP_LENGTH_MESSAGE}`);
      expect(describeElement(document.querySelector('pay-3ds-dialog'))).to.equal('none');
    });

    it('passes on the sandbox\'s 400 with its field, for a card token it does not know', async () => {
      const outcome = await outcomeOf(provider.authenticate(buyerInput('tok_unknown')));

      const error = errorOf(outcome);
      expect(error).to.be.instanceOf(ThreeDSecureSessionError);
      const sessionError = error as ThreeDSecureSessionError;
      expect(sessionError.status).to.equal(400);
      expect(Object.keys(sessionError.fields)).to.deep.equal(['cardToken']);
      expect(describeElement(document.querySelector('pay-3ds-dialog'))).to.equal('none');
    });
  });
});
