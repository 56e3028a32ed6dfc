/**
 * Card data in every disguise, sent through the real relay in front of the real sandbox: each
 * shape must be refused before anything is sent, named by path, never repeated; and the buyer
 * data that looks most like a card number still makes its order.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BRAND_SAMPLES, groupedNumber, luhnNumber } from './card-data-samples.js';
import { pixChargeBody, postCharge, startRelay, type RelayUnderTest } from './relay-harness.js';

const CHARGE_PATH = '/public_api/payments/';
const VISA = '4111111111111111';
const MASTERCARD = '5555555555554444';

interface Shape {
  name: string;
  /** The body: a value sent as JSON, or JSON text sent as it is. */
  body: unknown;
  /** The card number hidden in it, in ASCII digits. */
  card: string;
  /** What the refusal names; absent for a body refused as invalid JSON. */
  path?: string;
}

const customer = pixChargeBody().customer;
const address = { state: 'SP', city: 'São Paulo', street: 'Rua A', neighborhood: 'Centro', number: '100', zipcode: '01001000' };

function inField(field: string, text: string): Record<string, unknown> {
  const [parent, child] = field.split('.') as [string, string | undefined];
  if (parent === 'customer') return { ...pixChargeBody(), customer: { ...customer, [child!]: text } };
  if (parent === 'address') return { ...pixChargeBody(), address: { ...address, [child!]: text } };
  if (parent === 'metadata') return { ...pixChargeBody(), metadata: { [child!]: text } };
  return { ...pixChargeBody(), [field]: text };
}

/** The card in `field`, written by `write`. */
function shape(name: string, field: string, card: string, write: (card: string) => string): Shape {
  return { name, body: inField(field, write(card)), card, path: field };
}

/** `text` with its ASCII digits written in another script, whose zero is at `zero`. */
function inScript(text: string, zero: number): string {
  return text.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)));
}

const grouped = (separator: string) => (card: string) => groupedNumber(card, separator);
/** Pix body text with `members` added to the top-level object. */
const rawBody = (members: string) => `${JSON.stringify(pixChargeBody()).slice(0, -1)},${members}}`;

/** The shapes first seen to pass, then every brand, then more separators, scripts and places. */
const SHAPES: Shape[] = [
  shape('a number inside a name', 'customer.name', VISA, (card) => `Ana ${card}`),
  shape('dots between groups', 'address.street', VISA, grouped('.')),
  shape('slashes between groups', 'address.complement', VISA, (card) => `cartão ${groupedNumber(card, '/')}`),
  shape('tabs between groups', 'metadata.utm_content', VISA, grouped('\t')),
  shape('double spaces between groups', 'customer.name', VISA, grouped('  ')),
  shape('non-breaking spaces between groups', 'address.neighborhood', VISA, grouped('\u00a0')),
  shape('zero-width spaces between groups', 'metadata.utm_source', VISA, grouped('\u200b')),
  shape('full-width digits', 'customer.name', VISA, (card) => `Ana ${inScript(card, 0xff10)}`),
  shape('Arabic-Indic digits', 'address.complement', VISA, (card) => inScript(groupedNumber(card, ' '), 0x0660)),
  shape('inside fingerprint', 'customer.fingerprint', MASTERCARD, (card) => `device-${card}`),
  shape('inside address.complement', 'address.complement', MASTERCARD, (card) => `apto 12, cartão ${groupedNumber(card, ' ')}`),
  shape('inside a metadata value', 'metadata.sck', MASTERCARD, (card) => `ref=${card}`),
  {
    name: 'a duplicated JSON key',
    body: rawBody(`"metadata":{"utm_content":"${VISA}","utm_content":"spring"}`),
    card: VISA,
  },
  shape('a 15-digit Amex number as customer.phone', 'customer.phone', BRAND_SAMPLES['American Express 37']!, (card) => card),
  shape('a 14-digit Diners number as customer.docNumber', 'customer.docNumber', BRAND_SAMPLES['Diners 36, 14 digits']!, (card) => card),

  ...Object.entries(BRAND_SAMPLES).map(([brand, card], index) => {
    const fields = ['customer.name', 'customer.fingerprint', 'address.complement', 'address.street', 'metadata.utm_campaign', 'metadata.sck'];
    return shape(`${brand} in ${fields[index % fields.length]}`, fields[index % fields.length]!, card, grouped(index % 2 === 0 ? ' ' : '-'));
  }),

  shape('thin and narrow no-break spaces', 'customer.name', VISA, (card) => groupedNumber(card, '\u2009').replace('\u2009', '\u202f')),
  shape('ideographic spaces', 'address.city', VISA, grouped('\u3000')),
  shape('zero-width joiners', 'customer.fingerprint', VISA, grouped('\u200d')),
  shape('word joiners and soft hyphens', 'address.street', VISA, (card) => groupedNumber(card, '\u2060').replace('\u2060', '\u00ad')),
  shape('byte order marks', 'metadata.utm_term', VISA, grouped('\ufeff')),
  shape('direction marks', 'customer.name', VISA, grouped('\u200f')),
  shape('a right-to-left override', 'customer.name', VISA, (card) => `\u202e${groupedNumber(card, ' ')}\u202c`),
  shape('en and em dashes', 'address.complement', VISA, (card) => groupedNumber(card, '\u2013').replace('\u2013', '\u2014')),
  shape('minus signs', 'address.complement', VISA, grouped('\u2212')),
  shape('line breaks', 'address.complement', VISA, grouped('\n')),
  shape('commas', 'metadata.utm_content', VISA, grouped(',')),
  shape('underscores', 'metadata.utm_content', VISA, grouped('_')),
  shape('middle dots', 'metadata.utm_content', VISA, grouped('\u00b7')),
  shape('one digit per group', 'customer.name', VISA, (card) => [...card].join(' ')),
  shape('mixed separators', 'customer.name', VISA, (card) => `${card.slice(0, 4)} .-/${card.slice(4, 8)}\u00a0\u200b${card.slice(8, 12)}\t${card.slice(12)}`),
  shape('Persian digits', 'customer.name', VISA, (card) => inScript(card, 0x06f0)),
  shape('Devanagari digits', 'customer.name', VISA, (card) => inScript(card, 0x0966)),
  shape('Bengali digits', 'customer.name', VISA, (card) => inScript(card, 0x09e6)),
  shape('Thai digits', 'customer.name', VISA, (card) => inScript(card, 0x0e50)),
  shape('mathematical bold digits', 'customer.name', VISA, (card) => inScript(card, 0x1d7ce)),
  shape('mixed scripts', 'customer.name', VISA, (card) => `${card.slice(0, 4)} ${inScript(card.slice(4, 8), 0x0660)} ${inScript(card.slice(8, 12), 0xff10)} ${card.slice(12)}`),
  shape('circled digits', 'customer.name', VISA, (card) => [...card].map((digit) => (digit === '0' ? '⓪' : String.fromCodePoint(0x245f + Number(digit)))).join('')),
  shape('superscript digits', 'customer.name', VISA, (card) => [...card].map((digit) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(digit)]).join('')),
  shape('keycap emoji', 'customer.name', VISA, (card) => [...card].map((digit) => `${digit}\ufe0f\u20e3`).join('')),
  shape('followed by its expiry', 'customer.name', VISA, (card) => `${groupedNumber(card, ' ')} 12/30`),
  shape('followed by its CVV', 'address.complement', MASTERCARD, (card) => `${card} 123`),
  shape('after a CPF', 'address.complement', VISA, (card) => `CPF 529.982.247-25 ${groupedNumber(card, ' ')}`),
  shape('as an e-mail address', 'customer.email', VISA, (card) => `${card}@example.com`),
  shape('after a plus sign', 'customer.name', VISA, (card) => `+${card}`),
  shape('inside the card token', 'card', VISA, (card) => `tok_${card}`),
  { name: 'as the offer id', body: { ...pixChargeBody(), items: [{ offerId: VISA }] }, card: VISA, path: 'items.0.offerId' },
  shape('Amex grouped 4-6-5', 'customer.name', BRAND_SAMPLES['American Express 37']!, (card) => `${card.slice(0, 4)} ${card.slice(4, 10)} ${card.slice(10)}`),
  shape('Diners grouped 4-6-4', 'customer.name', BRAND_SAMPLES['Diners 36, 14 digits']!, (card) => `${card.slice(0, 4)} ${card.slice(4, 10)} ${card.slice(10)}`),
  shape('a 19-digit Visa as customer.phone', 'customer.phone', BRAND_SAMPLES['Visa 19']!, (card) => card),
  shape('a Hipercard as customer.docNumber', 'customer.docNumber', BRAND_SAMPLES['Hipercard 13']!, (card) => card),
  { name: 'as a metadata key', body: { ...pixChargeBody(), metadata: { [groupedNumber(VISA, ' ')]: 'x' } }, card: VISA, path: 'metadata.(key)' },
  { name: 'as a full-width key', body: { ...pixChargeBody(), metadata: { [inScript(VISA, 0xff10)]: 'x' } }, card: VISA, path: 'metadata.(key)' },
  { name: 'as a JSON number', body: { ...pixChargeBody(), items: [{ offerId: '77BcHrY', quantity: Number(VISA) }] }, card: VISA, path: 'items.0.quantity' },
  { name: 'as a JSON number with an exponent', body: rawBody('"reference":4.111111111111111e15'), card: VISA, path: 'reference' },
  { name: 'as a 19-digit JSON integer', body: rawBody(`"reference":${BRAND_SAMPLES['Visa 19']!}`), card: BRAND_SAMPLES['Visa 19']!, path: 'reference' },
  { name: 'as JSON escapes', body: rawBody(`"note":"${[...VISA].map((digit) => `\\u003${digit}`).join('')}"`), card: VISA, path: 'note' },
  { name: 'in a list in a list', body: { ...pixChargeBody(), extra: [['x', [groupedNumber(VISA, ' ')]]] }, card: VISA, path: 'extra.0.1.0' },
  { name: 'a duplicated top-level key', body: rawBody(`"customer":${JSON.stringify({ ...customer, name: `Ana ${VISA}` })}`), card: VISA },
  { name: 'a duplicated key spelled with escapes', body: rawBody(`"metad\\u0061ta":{"sck":"${VISA}"}`).replace('"items"', '"metadata":{},"items"'), card: VISA },
  { name: 'the security code by its key', body: { ...pixChargeBody(), card: { token: 'tok_1', cvv: '123' } }, card: '123', path: 'card.cvv' },
  { name: 'the expiry by its key', body: { ...pixChargeBody(), card: { token: 'tok_1', 'Exp-Month': '12' } }, card: '12', path: 'card.Exp-Month' },
  { name: 'a card number by its key', body: { ...pixChargeBody(), card_number: luhnNumber('400000000000000') }, card: luhnNumber('400000000000000'), path: 'card_number' },
];

/** Buyer data shaped most like card numbers, each in a charge that must succeed. */
const GENUINE_CHARGES: Array<{ name: string; body: Record<string, unknown> }> = [
  {
    name: 'pix: a German 13-digit phone from 49 that passes Luhn, a UUID fingerprint with all-digit groups, metadata with a timestamp, an amount and an order id',
    body: {
      ...pixChargeBody(),
      customer: { ...customer, phone: luhnNumber('491512345678'), fingerprint: '4baa4230-4337-4284-9539-ed291145ed13' },
      metadata: { utm_content: '2025-11-28T10:30:00.000Z', utm_term: 'R$ 1.234,56', sck: 'pedido-2025-000123' },
    },
  },
  {
    name: 'boleto: a CNPJ from 36 that passes Luhn, an Austrian 15-digit phone, a full address',
    body: {
      ...pixChargeBody(),
      paymentMethod: 'boleto',
      customer: { ...customer, phone: luhnNumber('43664123456789'), docType: 'cnpj', docNumber: '36000000003820' },
      address: { ...address, number: '1500', complement: 'Sala 1203, Torre B, CEP 01001-000' },
    },
  },
  {
    name: 'pix: a Brazilian mobile that passes Luhn, an Indonesian 14-digit phone in the name, a formatted CPF in the complement',
    body: {
      ...pixChargeBody(),
      customer: { ...customer, name: `Ana Souza ${luhnNumber('6281234567890')}`, phone: luhnNumber('551198765432') },
      address: { ...address, complement: 'CPF 529.982.247-25' },
    },
  },
];

describe('card data in any disguise, through the relay in front of the sandbox', () => {
  let relay: RelayUnderTest;
  before(async () => {
    relay = await startRelay({ chargeRateLimit: false });
  });
  after(() => relay.close());

  it(`refuses ${SHAPES.length} shapes before anything reaches the API, naming the path, never repeating the card`, async () => {
    assert.ok(SHAPES.length >= 60);
    const chargesBefore = relay.upstreamCount(CHARGE_PATH);
    const problems: string[] = [];
    let refused = 0;
    for (const { name, body, card, path } of SHAPES) {
      const sentBefore = relay.upstreamCount(CHARGE_PATH);
      const response = await postCharge(relay, body);
      const text = await response.text();
      const error = response.status < 500 && text.startsWith('{') ? (JSON.parse(text) as { error?: { type: string; fields?: Record<string, unknown> } }).error : undefined;
      const expectedType = path === undefined ? 'invalid_json' : 'card_data_refused';
      if (response.status === 400 && error?.type === expectedType) refused += 1;
      else problems.push(`${name}: ${response.status} ${error?.type ?? text.slice(0, 80)}`);
      if (relay.upstreamCount(CHARGE_PATH) !== sentBefore) problems.push(`${name}: reached the API`);
      if (path !== undefined && error?.type === 'card_data_refused' && !Object.keys(error.fields ?? {}).includes(path)) {
        problems.push(`${name}: the refusal names ${Object.keys(error.fields ?? {}).join(', ')}, not ${path}`);
      }
      if (card.length > 3 && text.normalize('NFKC').replace(/\D/g, '').includes(card)) problems.push(`${name}: the answer repeats the card`);
    }
    const reached = relay.upstreamCount(CHARGE_PATH) - chargesBefore;
    console.log(`card data shapes: ${SHAPES.length} tried, ${refused} refused, ${reached} reached ${CHARGE_PATH}`);
    assert.deepEqual(problems, []);
    assert.equal(reached, 0);
    assert.deepEqual(relay.reported, [], 'nothing was reported (logged) through onError');
  });

  it('refuses a card number as the Idempotency-Key before anything is stored or sent, and takes a UUID of digits and letters', async () => {
    const chargesBefore = relay.upstreamCount(CHARGE_PATH);
    for (const key of [VISA, groupedNumber(MASTERCARD, ' '), `pedido-${groupedNumber(VISA, '-')}`]) {
      const response = await postCharge(relay, pixChargeBody(), { key });
      const text = await response.text();
      assert.equal(response.status, 400, `${key}: ${text}`);
      assert.equal((JSON.parse(text) as { error: { type: string } }).error.type, 'card_data_refused');
      assert.ok(!text.replace(/\D/g, '').includes(key.replace(/\D/g, '')), 'the answer does not repeat the card');
      // Refused before the store: the same key is refused again, not taken for an admitted attempt's retry.
      assert.equal((await postCharge(relay, pixChargeBody(), { key })).status, 400);
    }
    assert.equal(relay.upstreamCount(CHARGE_PATH), chargesBefore);
    const uuid = '41111111-1111-4111-9111-11111111111a';
    assert.equal((await postCharge(relay, pixChargeBody(), { key: uuid })).status, 201);
  });

  it(`still makes the order for ${GENUINE_CHARGES.length} charges whose buyer data looks most like cards`, async () => {
    const chargesBefore = relay.upstreamCount(CHARGE_PATH);
    for (const { name, body } of GENUINE_CHARGES) {
      const response = await postCharge(relay, body);
      assert.equal(response.status, 201, `${name}: ${await response.text()}`);
    }
    assert.equal(relay.upstreamCount(CHARGE_PATH) - chargesBefore, GENUINE_CHARGES.length);
  });
});
