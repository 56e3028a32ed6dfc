import { expect } from '@open-wc/testing';
import { createSandboxThreeDSecureProvider } from '../../../src/widget/three-d-secure/sandbox-provider.js';
import { ThreeDSecureSessionError } from '../../../src/widget/three-d-secure/provider.js';
import { buyerInput, CHALLENGE_CARD, cardToken, errorOf, FRICTIONLESS_CARD, outcomeOf, sessionsUrlOf, testEnv } from './sandbox-3ds.js';

// A page of its own, where nothing registered <pay-3ds-dialog>: the provider used without the widget's elements.
describe('createSandboxThreeDSecureProvider on a page that did not register the dialog', () => {
  it('authenticates a frictionless card, and refuses a challenge with an error that says what to register, opening nothing', async () => {
    const env = await testEnv();
    await fetch('/__sandbox/reset', { method: 'POST' });
    const provider = createSandboxThreeDSecureProvider({ sessionsUrl: sessionsUrlOf(env) });
    expect((await provider.authenticate(buyerInput(await cardToken(env, FRICTIONLESS_CARD)))).eci).to.equal('05');

    const error = errorOf(await outcomeOf(provider.authenticate(buyerInput(await cardToken(env, CHALLENGE_CARD)))));
    expect(error).to.be.instanceOf(ThreeDSecureSessionError);
    expect((error as Error).message).to.equal('<pay-3ds-dialog> is not registered (pay-checkout/widget/define)');
    expect(customElements.get('pay-3ds-dialog')).to.equal(undefined);
    expect(document.querySelector('pay-3ds-dialog')).to.equal(null);
  });
});
