import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { chargeResponseSchema } from '../../../src/contract/charge-response.js';
import { flattenFieldErrors, type FieldErrorTree } from '../../../src/contract/errors.js';
import { parseApiDateTime } from '../../../src/contract/formats.js';
import { isValidDigitableLine } from '../../../src/sandbox/documents/boleto.js';
import { OTHER_ACCOUNT_ID } from '../../../src/sandbox/world/fixture.js';
import { BANKING_ACCOUNT_STATES } from '../../../src/sandbox/world/state.js';
import type { WebhookApp } from '../../../src/sandbox/world/world.js';
import { cardChargeBody, chargeBody, issueCardToken, pixChargeBody, postCharge } from '../charge-requests.js';
import { startSandbox, type RunningSandbox } from '../harness.js';
import { startWebhookReceiver } from '../webhooks-receiver.js';

/** The independent boleto validator ships no types; this is the check used here. */
const boletoValidator: { boletoBancarioLinhaDigitavel(line: string, checkEachField: boolean): boolean } =
  createRequire(import.meta.url)('boleto-brasileiro-validator');

const HOUR_MS = 3_600_000;
/** São Paulo's calendar day (UTC-03:00 all year), `days` after the sandbox's today. */
function saoPauloDay(nowMs: number, days = 0): string {
  return new Date(nowMs - 3 * HOUR_MS + days * 24 * HOUR_MS).toISOString().slice(0, 10);
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  assert.equal(response.status, 400);
  return flattenFieldErrors((await response.json()) as FieldErrorTree);
}

async function created(response: Response) {
  const text = await response.text();
  assert.equal(response.status, 201, text);
  return chargeResponseSchema.parse(JSON.parse(text));
}

describe('sandbox: POST /public_api/payments/', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
    // This file makes more charges than the per-minute limits allow; the limit test has its own sandbox.
    running.sandbox.world.limits.overrides = { chargesPerIp: { limit: 100_000 }, chargesPerToken: { limit: 100_000 } };
  });
  after(() => running.close());

  const world = () => running.sandbox.world;
  const mainAccount = () => world().accounts.get('acc_main')!;

  describe('request-level rows of the Errors table', () => {
    it('answers 400 with a detail when X-Idempotency-Key is missing, empty or over 255 characters', async () => {
      const headerSets: Array<Record<string, string>> = [{}, { 'X-Idempotency-Key': '' }, { 'X-Idempotency-Key': 'k'.repeat(256) }];
      for (const headers of headerSets) {
        const response = await running.api('POST', '/public_api/payments/', { body: chargeBody('pix'), headers });
        assert.equal(response.status, 400);
        const { detail } = (await response.json()) as { detail: string };
        assert.match(detail, /X-Idempotency-Key é obrigatório/);
      }
      await created(await postCharge(running, chargeBody('pix'), { key: 'k'.repeat(255) }));
    });

    it('answers a missing or unlisted paymentMethod under paymentMethod', async () => {
      const { paymentMethod: _omitted, ...withoutMethod } = chargeBody('pix');
      assert.deepEqual(Object.keys(await fieldErrors(await postCharge(running, withoutMethod))), ['paymentMethod']);
      assert.deepEqual(Object.keys(await fieldErrors(await postCharge(running, { ...chargeBody('pix'), paymentMethod: 'picpay' }))), ['paymentMethod']);
    });

    it('answers malformed JSON with 400 and another content type with 415, never 500', async () => {
      const malformed = await running.api('POST', '/public_api/payments/', { body: '{"paymentMethod":', headers: { 'X-Idempotency-Key': 'bad-json' } });
      assert.equal(malformed.status, 400);
      assert.equal(typeof ((await malformed.json()) as { detail: string }).detail, 'string');
      const form = await running.api('POST', '/public_api/payments/', { body: 'a=1', headers: { 'X-Idempotency-Key': 'form', 'Content-Type': 'text/plain' } });
      assert.equal(form.status, 415);
    });

    it('answers 401 without a token and 403 for a key without the payments scope', async () => {
      const anonymous = await fetch(`${running.baseUrl}/public_api/payments/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Idempotency-Key': 'anon' },
        body: JSON.stringify(chargeBody('pix')),
      });
      assert.equal(anonymous.status, 401);
      const token = await running.token({ clientId: 'no-payments-client', clientSecret: 'no-payments-secret' });
      const forbidden = await postCharge(running, chargeBody('pix'), { token });
      assert.equal(forbidden.status, 403);
    });

    it('answers 400 with a detail when the producer account is blocked', async () => {
      mainAccount().blocked = true;
      try {
        const response = await postCharge(running, chargeBody('pix'));
        assert.equal(response.status, 400);
        assert.match(((await response.json()) as { detail: string }).detail, /bloqueada/);
      } finally {
        mainAccount().blocked = false;
      }
      await created(await postCharge(running, chargeBody('pix')));
    });

    it('answers card methods without card under card, and without the anti-fraud reference under its name', async () => {
      for (const method of ['credit_card', 'threeDs'] as const) {
        const token = issueCardToken(running.sandbox, '4111111111111111');
        const { card: _card, ...withoutCard } = cardChargeBody(method, token);
        assert.deepEqual(Object.keys(await fieldErrors(await postCharge(running, withoutCard))), ['card']);
        const { antifraud_profiling_attempt_reference: _reference, ...withoutReference } = cardChargeBody(method, token);
        assert.deepEqual(Object.keys(await fieldErrors(await postCharge(running, withoutReference))), ['antifraud_profiling_attempt_reference']);
        await created(await postCharge(running, cardChargeBody(method, token)));
      }
    });

    it('refuses the camelCase antifraudProfilingAttemptReference', async () => {
      const token = issueCardToken(running.sandbox, '4111111111111111');
      const body = { ...cardChargeBody('threeDs', token), antifraudProfilingAttemptReference: 'ref' };
      const errors = await fieldErrors(await postCharge(running, body));
      assert.deepEqual(Object.keys(errors), ['antifraudProfilingAttemptReference']);
      assert.match(errors['antifraudProfilingAttemptReference']![0]!, /antifraud_profiling_attempt_reference/);
    });
  });

  describe('offer, product and method', () => {
    it('answers an unknown, disabled or other account\'s offer under items', async () => {
      for (const offerId of ['NOPE123', 'FOTOold', 'OUTRofr']) {
        const errors = await fieldErrors(await postCharge(running, chargeBody('pix', { items: [{ offerId }] })));
        assert.deepEqual(errors, { items: ['Oferta não encontrada.'] }, offerId);
      }
    });

    it('answers a product that is not active under paymentMethod', async () => {
      const errors = await fieldErrors(await postCharge(running, chargeBody('pix', { items: [{ offerId: 'CONFmnt' }] })));
      assert.deepEqual(Object.keys(errors), ['paymentMethod']);
      assert.match(errors['paymentMethod']![0]!, /não está ativo/);
    });

    it('answers a method the product does not enable under paymentMethod', async () => {
      const errors = await fieldErrors(await postCharge(running, chargeBody('pix', { items: [{ offerId: 'ENGLusd' }] })));
      assert.deepEqual(Object.keys(errors), ['paymentMethod']);
      assert.match(errors['paymentMethod']![0]!, /não está habilitado/);
      const token = issueCardToken(running.sandbox, '4111111111111111');
      await created(await postCharge(running, cardChargeBody('credit_card', token, { items: [{ offerId: 'ENGLusd' }] })));
    });
  });

  describe('payer document', () => {
    it('refuses pix_auto and boleto without the payer\'s CPF or CNPJ under customer.docNumber; pix goes without', async () => {
      const { docType: _type, docNumber: _number, ...customer } = pixChargeBody().customer;
      for (const method of ['pix_auto', 'boleto'] as const) {
        const response = await postCharge(running, chargeBody(method, { customer }));
        assert.equal(response.status, 400, method);
        const body = (await response.json()) as { customer: { docNumber: string[] } };
        assert.match(body.customer.docNumber[0]!, /CPF ou CNPJ/);
      }
      assert.equal((await postCharge(running, chargeBody('pix', { customer }))).status, 201);
    });
  });

  describe('banking-account prerequisite', () => {
    it('refuses pix, pix_auto and boleto under paymentMethod unless the account is opened; cards stay available', async () => {
      const failing = BANKING_ACCOUNT_STATES.filter((state) => state !== 'opened');
      assert.equal(failing.length, 8);
      try {
        for (const state of failing) {
          mainAccount().bankingAccount = state;
          for (const method of ['pix', 'pix_auto', 'boleto'] as const) {
            const errors = await fieldErrors(await postCharge(running, chargeBody(method)));
            assert.deepEqual(Object.keys(errors), ['paymentMethod'], `${state} ${method}`);
            assert.match(errors['paymentMethod']![0]!, /conta bancária/);
            assert.match(errors['paymentMethod']![0]!, /cartão/);
          }
          const token = issueCardToken(running.sandbox, '4111111111111111');
          await created(await postCharge(running, cardChargeBody('credit_card', token)));
        }
      } finally {
        mainAccount().bankingAccount = 'opened';
      }
      await created(await postCharge(running, chargeBody('boleto')));
    });
  });

  describe('product limits', () => {
    it('refuses pixExpiresIn above the product limit, naming it in seconds, and honours one within it', async () => {
      const over = await fieldErrors(await postCharge(running, chargeBody('pix', { items: [{ offerId: 'BOLEplan' }], pixExpiresIn: 601 })));
      assert.deepEqual(Object.keys(over), ['pixExpiresIn']);
      assert.match(over['pixExpiresIn']![0]!, /600 segundos/);
      const charge = await created(await postCharge(running, chargeBody('pix', { items: [{ offerId: 'BOLEplan' }], pixExpiresIn: 600 })));
      const expires = parseApiDateTime(charge.pix!.expirationDate)!.getTime();
      assert.equal(expires - parseApiDateTime(charge.createdAt)!.getTime(), 600_000);
    });

    it('refuses a boleto dueDate in the past or beyond ticketExpiration, naming the limit in days', async () => {
      const now = running.sandbox.clock.now();
      for (const dueDate of [saoPauloDay(now, -1), saoPauloDay(now, 4)]) {
        const errors = await fieldErrors(await postCharge(running, chargeBody('boleto', { items: [{ offerId: 'BOLEplan' }], dueDate })));
        assert.deepEqual(Object.keys(errors), ['dueDate'], dueDate);
        assert.match(errors['dueDate']![0]!, /3 dias/);
      }
      for (const dueDate of [saoPauloDay(now), saoPauloDay(now, 3)]) {
        const charge = await created(await postCharge(running, chargeBody('boleto', { items: [{ offerId: 'BOLEplan' }], dueDate })));
        assert.equal(charge.boleto!.dueDate, dueDate);
      }
    });
  });

  describe('affiliate and coupon', () => {
    it('accepts an active affiliate of the product and refuses an unknown, inactive or other product\'s one', async () => {
      await created(await postCharge(running, chargeBody('pix', { affiliateShortId: 'AFI001' })));
      for (const affiliateShortId of ['AFI999', 'AFI002', 'AFI003']) {
        const errors = await fieldErrors(await postCharge(running, chargeBody('pix', { affiliateShortId })));
        assert.deepEqual(Object.keys(errors), ['affiliateShortId'], affiliateShortId);
      }
    });

    it('takes 10% off with DESCONTO10 and refuses an unknown coupon', async () => {
      const charge = await created(await postCharge(running, chargeBody('pix', { coupon: 'DESCONTO10' })));
      assert.deepEqual([charge.baseAmount, charge.discount, charge.amount], ['97.00', '9.70', '87.30']);
      assert.deepEqual(Object.keys(await fieldErrors(await postCharge(running, chargeBody('pix', { coupon: 'NATAL50' })))), ['coupon']);
    });
  });

  describe('card token', () => {
    it('refuses an unknown, expired, used or other account\'s token under card', async () => {
      const now = running.sandbox.clock.now();
      const used = issueCardToken(running.sandbox, '4111111111111111');
      await created(await postCharge(running, cardChargeBody('credit_card', used)));
      const tokens = {
        unknown: 'tok_does_not_exist',
        expired: issueCardToken(running.sandbox, '4111111111111111', { issuedAt: now - 15 * 60_000 }),
        used,
        otherAccount: issueCardToken(running.sandbox, '4111111111111111', { accountId: OTHER_ACCOUNT_ID }),
      };
      for (const [name, token] of Object.entries(tokens)) {
        const errors = await fieldErrors(await postCharge(running, cardChargeBody('credit_card', token)));
        assert.deepEqual(Object.keys(errors), ['card'], name);
      }
      const almostExpired = issueCardToken(running.sandbox, '4111111111111111', { issuedAt: now - 15 * 60_000 + 5_000 });
      await created(await postCharge(running, cardChargeBody('credit_card', almostExpired)));
    });
  });

  describe('responses per method', () => {
    it('pix: waiting_payment, a BR Code pix-utils parses with the amount, expiry in 3600 s in the spaced form', async () => {
      const charge = await created(await postCharge(running, chargeBody('pix')));
      assert.equal(charge.status, 'waiting_payment');
      assert.equal(charge.checkoutUrl, `${running.baseUrl}/checkout/${charge.id}`);
      assert.equal(charge.pix!.user_journey, null);
      const parsed = parsePix(charge.pix!.qrCode);
      if (hasError(parsed) || !isStaticPix(parsed)) return assert.fail('expected a static Pix code');
      assert.equal(parsed.transactionAmount, 97);
      assert.match(charge.pix!.expirationDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}-03:00$/);
      assert.match(charge.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
      const lifetime = parseApiDateTime(charge.pix!.expirationDate)!.getTime() - parseApiDateTime(charge.createdAt)!.getTime();
      assert.equal(lifetime, 3_600_000);
      assert.match(charge.id, /^ord_/);
      assert.match(charge.refId, /^[A-Z0-9]{4,12}$/);
    });

    it('pix_auto: a user_journey and a code with the first charge and the recurrence location', async () => {
      const charge = await created(await postCharge(running, chargeBody('pix_auto', { items: [{ offerId: 'CLUBmes' }] })));
      assert.equal(charge.pix!.user_journey, 'JORNADA_4');
      const parsed = parsePix(charge.pix!.qrCode);
      if (hasError(parsed) || !isStaticPix(parsed)) return assert.fail('expected a Pix code with the first charge');
      assert.equal(parsed.transactionAmount, 29.9);
      assert.ok(charge.pix!.qrCode.includes(`${new URL(running.baseUrl).host}/pix/rec/${charge.id}`));
    });

    it('boleto: a valid digitable line due in 3 days and a PDF the sandbox serves', async () => {
      const charge = await created(await postCharge(running, chargeBody('boleto')));
      const { barcode, dueDate, pdfUrl } = charge.boleto!;
      assert.equal(isValidDigitableLine(barcode), true);
      assert.equal(boletoValidator.boletoBancarioLinhaDigitavel(barcode, true), true);
      assert.equal(dueDate, saoPauloDay(running.sandbox.clock.now(), 3));
      const pdf = await fetch(pdfUrl);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('Content-Type'), 'application/pdf');
      assert.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1'), '%PDF-');
      const missing = await fetch(`${running.baseUrl}/sandbox/boletos/ord_nothing.pdf`);
      assert.equal(missing.status, 404);
    });

    it('boleto: the default due date stays within a shorter ticketExpiration', async () => {
      running.sandbox.world.products.get('prod_boleto')!.ticketExpiration = 1;
      try {
        const charge = await created(await postCharge(running, chargeBody('boleto', { items: [{ offerId: 'BOLEplan' }] })));
        assert.equal(charge.boleto!.dueDate, saoPauloDay(running.sandbox.clock.now(), 1));
      } finally {
        running.sandbox.world.products.get('prod_boleto')!.ticketExpiration = 3;
      }
    });

    it('credit_card: an sbx_cc_ externalId and no checkoutUrl', async () => {
      const charge = await created(await postCharge(running, cardChargeBody('credit_card', issueCardToken(running.sandbox, '4111111111111111'))));
      assert.match(charge.externalId, /^sbx_cc_/);
      assert.equal('checkoutUrl' in charge, false);
      assert.equal('pix' in charge || 'boleto' in charge, false);
    });

    it('threeDs: an externalId containing 3ds and no checkoutUrl', async () => {
      const charge = await created(await postCharge(running, cardChargeBody('threeDs', issueCardToken(running.sandbox, '4111111111111111'))));
      assert.match(charge.externalId, /3ds/);
      assert.equal('checkoutUrl' in charge, false);
    });
  });

  describe('test cards', () => {
    const outcome = async (method: 'credit_card' | 'threeDs', number: string, extra = {}) =>
      (await created(await postCharge(running, cardChargeBody(method, issueCardToken(running.sandbox, number), extra)))).status;

    it('4111111111111111 is paid with either card method', async () => {
      assert.equal(await outcome('credit_card', '4111111111111111'), 'paid');
      assert.equal(await outcome('threeDs', '4111111111111111'), 'paid');
    });

    it('5555555555554444 is paid with an authenticated ECI and declined without one', async () => {
      assert.equal(await outcome('threeDs', '5555555555554444', { threeDSecure: { eci: '05', cavv: 'AAAB', version: '2.2.0' } }), 'paid');
      assert.equal(await outcome('threeDs', '5555555555554444', { threeDSecure: { eci: '06' } }), 'paid');
      assert.equal(await outcome('threeDs', '5555555555554444', { threeDSecure: { eci: '07' } }), 'declined');
      assert.equal(await outcome('threeDs', '5555555555554444'), 'declined');
    });

    it('4000000000000002 is declined', async () => {
      assert.equal(await outcome('credit_card', '4000000000000002'), 'declined');
      assert.equal(await outcome('threeDs', '4000000000000002'), 'declined');
    });

    it('4000000000000119 is refused', async () => {
      assert.equal(await outcome('threeDs', '4000000000000119'), 'refused');
    });

    it('4000000000003220 on threeDs is pending and turns paid after 10 s of sandbox time', async () => {
      const charge = await created(await postCharge(running, cardChargeBody('threeDs', issueCardToken(running.sandbox, '4000000000003220'))));
      assert.equal(charge.status, 'pending');
      await running.sandbox.clock.advance(9);
      assert.equal(world().orders.get(charge.id)!.status, 'pending');
      await running.sandbox.clock.advance(1);
      const order = world().orders.get(charge.id)!;
      assert.equal(order.status, 'paid');
      assert.notEqual(order.paidAt, null);
    });

    it('Elo, Hipercard and any other valid number are paid', async () => {
      for (const number of ['6362970000457013', '6062825624254001', '5105105105105100']) {
        assert.equal(await outcome('credit_card', number), 'paid', number);
      }
    });
  });

  describe('amounts and the stored order', () => {
    it('multiplies the price by the quantity and takes the pix fee from the account\'s table', async () => {
      const charge = await created(await postCharge(running, chargeBody('pix', { items: [{ offerId: '77BcHrY', quantity: 2 }] })));
      assert.deepEqual([charge.baseAmount, charge.discount, charge.amount, charge.fees], ['194.00', '0.00', '194.00', '3.86']);
    });

    it('charges instalment interest (base + additional) and records the additional part', async () => {
      const charge = await created(
        await postCharge(running, cardChargeBody('credit_card', issueCardToken(running.sandbox, '4111111111111111'), { installments: 3 })),
      );
      // 97.00 at 5.98% + 2.5% = 105.2256 -> 105.23; at 5.98% only 102.8006 -> 102.80; fee 4.99% + 1.00.
      assert.deepEqual([charge.baseAmount, charge.amount, charge.fees], ['97.00', '105.23', '6.25']);
      const order = world().orders.get(charge.id)!;
      assert.equal(order.installments, 3);
      assert.equal(order.additionalInterest, '2.43');
      assert.equal(order.additionalInterestEarned, '2.43');
      assert.deepEqual(order.card, { brand: 'visa', holderName: 'ANA SOUZA', lastDigits: '1111' });
    });

    it('records the caller\'s IP as customer.ip unless the body gives one, with metadata and affiliate', async () => {
      const defaulted = await created(await postCharge(running, chargeBody('pix', { metadata: { utm_source: 'instagram' }, affiliateShortId: 'AFI001' })));
      const order = world().orders.get(defaulted.id)!;
      assert.equal(order.customer.ip, '127.0.0.1');
      assert.deepEqual(order.metadata, { utm_source: 'instagram' });
      assert.equal(order.affiliateShortId, 'AFI001');
      const given = await created(await postCharge(running, chargeBody('pix', { customer: { ...chargeBody('pix').customer, ip: '203.0.113.9' } })));
      assert.equal(world().orders.get(given.id)!.customer.ip, '203.0.113.9');
    });
  });

  describe('events', () => {
    it('sends pix_gerado, boleto_gerado, purchase_approved and purchase_refused to a subscribed app', async () => {
      const receiver = await startWebhookReceiver();
      const app: WebhookApp = {
        id: 901,
        accountId: 'acc_main',
        name: 'Receptor de teste',
        url: receiver.url,
        status: 'active',
        secret: 'segredo-901',
        products: ['prod_boleto'],
        events: ['pix_gerado', 'boleto_gerado', 'purchase_approved', 'purchase_refused'],
        createdAt: '2026-01-01T00:00:00-03:00',
        updatedAt: '2026-01-01T00:00:00-03:00',
      };
      world().webhookApps.set(app.id, app);
      try {
        const onBoleto = { items: [{ offerId: 'BOLEplan' }] };
        const pix = await created(await postCharge(running, chargeBody('pix', onBoleto)));
        const boleto = await created(await postCharge(running, chargeBody('boleto', onBoleto)));
        // prod_boleto takes no card; the card events are shown on the app's product by adding the method.
        world().products.get('prod_boleto')!.paymentMethods.push('credit_card');
        const paid = await created(await postCharge(running, cardChargeBody('credit_card', issueCardToken(running.sandbox, '4111111111111111'), onBoleto)));
        const declined = await created(await postCharge(running, cardChargeBody('credit_card', issueCardToken(running.sandbox, '4000000000000002'), onBoleto)));
        // A charge of another product does not reach this app.
        await created(await postCharge(running, chargeBody('pix')));
        const received = await receiver.waitFor(4);
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(received.length, 4);
        const seen = received.map(({ body }) => [body.event, body.data['id'], body.secret]).sort();
        assert.deepEqual(
          seen,
          [
            ['boleto_gerado', boleto.id, 'segredo-901'],
            ['pix_gerado', pix.id, 'segredo-901'],
            ['purchase_approved', paid.id, 'segredo-901'],
            ['purchase_refused', declined.id, 'segredo-901'],
          ].sort(),
        );
        assert.equal(world().deliveries.filter((delivery) => delivery.appId === app.id).length, 4);
      } finally {
        world().webhookApps.delete(app.id);
        world().products.get('prod_boleto')!.paymentMethods = ['pix', 'boleto'];
        await receiver.close();
      }
    });
  });
});

describe('sandbox: charge rate limits', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  it('answers 429 with Retry-After once the per-IP charge limit is used up', async () => {
    running.sandbox.world.limits.overrides = { chargesPerIp: { limit: 2, windowSeconds: 60 } };
    await created(await postCharge(running, chargeBody('pix')));
    // A refused charge counts too: the limit is on requests.
    assert.equal((await postCharge(running, chargeBody('pix', { coupon: 'NOPE' }))).status, 400);
    const throttled = await postCharge(running, chargeBody('pix'));
    assert.equal(throttled.status, 429);
    const retryAfter = Number(throttled.headers.get('Retry-After'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.match(((await throttled.json()) as { detail: string }).detail, /\d+ segundos/);
    await running.sandbox.clock.advance(60);
    await created(await postCharge(running, chargeBody('pix')));
  });

  it('counts the per-token charge limit per access token', async () => {
    running.sandbox.world.limits.overrides = { chargesPerToken: { limit: 1, windowSeconds: 60 } };
    running.sandbox.world.counters.clear();
    await created(await postCharge(running, chargeBody('pix')));
    assert.equal((await postCharge(running, chargeBody('pix'))).status, 429);
    // A second token of the same key has its own count.
    const response = await fetch(`${running.baseUrl}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'sandbox-client', client_secret: 'sandbox-secret' }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    await created(await postCharge(running, chargeBody('pix'), { token }));
  });
});
