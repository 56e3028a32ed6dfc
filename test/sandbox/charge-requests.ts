/**
 * What the charge, idempotency and order tests share: card tokens put straight into the world
 * (so these tests do not depend on the tokenization route), charge bodies per method, and a
 * charge call with its own idempotency key.
 */
import { randomUUID } from 'node:crypto';
import type { ChargeRequestInput } from '../../src/contract/charge-request.js';
import type { CardMethod } from '../../src/contract/payment-methods.js';
import { MAIN_ACCOUNT_ID } from '../../src/sandbox/world/fixture.js';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import { pixChargeBody } from './controls-requests.js';
import type { RunningSandbox } from './harness.js';

export { pixChargeBody };

/** A card token for `number`, issued now by the sandbox clock (or at `issuedAt`), to the main account unless told. */
export function issueCardToken(
  sandbox: Sandbox,
  number: string,
  { accountId = MAIN_ACCOUNT_ID, issuedAt = sandbox.clock.now() }: { accountId?: string; issuedAt?: number } = {},
): string {
  const token = `tok_test_${randomUUID().replace(/-/g, '')}`;
  sandbox.world.cardTokens.set(token, {
    token,
    accountId,
    number,
    holderName: 'ANA SOUZA',
    expMonth: '12',
    expYear: '2034',
    brand: number.startsWith('4') ? 'visa' : 'mastercard',
    issuedAt,
    usedAt: undefined,
  });
  return token;
}

/** A charge body of `method` for offer 77BcHrY (prod_foto, 97.00). */
export function chargeBody(method: ChargeRequestInput['paymentMethod'], extra: Partial<ChargeRequestInput> = {}): ChargeRequestInput {
  return { ...pixChargeBody(), paymentMethod: method, ...extra };
}

/** A card charge with the token and the anti-fraud reference a browser would send. */
export function cardChargeBody(method: CardMethod, token: string, extra: Partial<ChargeRequestInput> = {}): ChargeRequestInput {
  return chargeBody(method, { card: { token }, antifraud_profiling_attempt_reference: randomUUID(), ...extra });
}

/** `POST /public_api/payments/` with a fresh idempotency key unless one is given. */
export function postCharge(
  running: RunningSandbox,
  body: unknown,
  { key = randomUUID(), token }: { key?: string; token?: string } = {},
): Promise<Response> {
  return running.api('POST', '/public_api/payments/', { body, headers: { 'X-Idempotency-Key': key }, ...(token ? { token } : {}) });
}
