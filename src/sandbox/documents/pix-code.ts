/**
 * Pix copy-and-paste codes (BR Code) for the sandbox's `pix` and `pix_auto` charges
 * (public-api.md, "`pix` object": `qrCode` is the BR Code; no QR image is returned).
 *
 * A BR Code is an EMV QRCPS merchant-presented payload: fields written as a 2-digit id, a 2-digit
 * length and the value, nested for templates, closed by a CRC16 field (id 63). The codes made here
 * are real ones, so any Pix reader (bank apps, pix-utils) parses them.
 *
 * Form chosen for `pix`: a static code carrying the amount, a random EVP key and a txid. It is
 * self-contained, so it parses everywhere. A dynamic code (location URL in 26.25) makes the payer's
 * bank fetch a JWS signed with the PSP's certificate from that URL, which a local stand-in cannot
 * serve. The random EVP key is registered nowhere, so a real bank app that reads a sandbox code
 * finds no account and no money can move by mistake.
 */

/** Globally Unique Identifier of the Pix arrangement in the merchant account and recurrence templates. */
const PIX_GUI = 'br.gov.bcb.pix';
/** EMV lengths are two digits. */
const MAX_FIELD_LENGTH = 99;
const MAX_MERCHANT_NAME_LENGTH = 25;
const MAX_MERCHANT_CITY_LENGTH = 15;
/** The longest value that still fits template 26 or 80 next to the GUI (99 − "0014br.gov.bcb.pix" − 4). */
const MAX_TEMPLATE_VALUE_LENGTH = MAX_FIELD_LENGTH - (4 + PIX_GUI.length) - 4;
/** EMV limits the Transaction Amount (54) to 13 characters. */
const MAX_AMOUNT_LENGTH = 13;
/** The largest amount field 54 can write: 13 characters, two of them decimals after the point. */
export const PIX_MAX_AMOUNT = `${'9'.repeat(MAX_AMOUNT_LENGTH - 3)}.99`;
const MAX_TXID_LENGTH = 25;
/** "No txid": what the Pix rules write in 62.05 when a code carries none (the recurrence-only code). */
const NO_TXID = '***';
/** Merchant Category Code "0000": the value the Pix rules use when none is informed. */
const MERCHANT_CATEGORY_CODE = '0000';
/** ISO 4217 numeric code of the real. */
const CURRENCY_BRL = '986';
/** Point of Initiation Method 12: "pay this code once", the right hint for a charge. */
const SINGLE_USE = '12';
const CRC_FIELD_PREFIX = '6304';

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 248 = 4 × 62: random bytes from 248 up would favour the first letters of the alphabet. */
const TXID_UNBIASED_BYTE_LIMIT = TXID_ALPHABET.length * Math.floor(256 / TXID_ALPHABET.length);

/** A wrong input to a code builder, or a code that is not a valid Pix BR Code. */
export class PixCodeError extends Error {
  override name = 'PixCodeError';
}

/** The charge part of a code: who receives, how much, under which transaction id. */
export interface PixChargeInput {
  /** Receiver's Pix key (an EVP key in the sandbox, see `newEvpKey`). */
  key: string;
  /** Decimal string with up to two decimals (`"104.70"`, `"97"`); a number is refused. */
  amount: string;
  /** Accents are stripped, the text upper-cased and cut to 25 characters. */
  merchantName: string;
  /** Accents are stripped, the text upper-cased and cut to 15 characters. */
  merchantCity: string;
  /** 1 to 25 letters and digits (see `newTxid`). */
  txid: string;
}

/** A Pix Automático authorization code. */
export interface PixAutomaticoInput {
  /**
   * Location of the recurrence (`rec`) payload, written without `https://` as the Pix rules
   * require (the payer's bank adds it). The recurrence terms (periodicity, amounts, dates) live
   * in the signed payload served there, not in the code.
   */
  recurrenceUrl: string;
  merchantName: string;
  merchantCity: string;
  /**
   * Absent: the code holds the recurrence only (Pix Automático "Jornada 2").
   * Present: a static charge of the first amount plus the recurrence offer (the static variant
   * of "Jornada 4": the payer pays, then is offered the authorization).
   */
  firstCharge?: Omit<PixChargeInput, 'merchantName' | 'merchantCity'>;
}

/** What a BR Code says, as read back by `readPixCode`. */
export interface PixCodeContents {
  /** Point of Initiation Method 12 is present. */
  readonly singleUse: boolean;
  readonly merchantName: string;
  readonly merchantCity: string;
  /** Pix key of a static code. */
  readonly key: string | undefined;
  /** Payload location of a dynamic code (26.25). */
  readonly locationUrl: string | undefined;
  /** Transaction Amount exactly as written (`"104.70"`). */
  readonly amount: string | undefined;
  /** Undefined when absent or `***`. */
  readonly txid: string | undefined;
  /** Pix Automático recurrence location (80.25). */
  readonly recurrenceUrl: string | undefined;
}

/**
 * CRC16-CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR) of the
 * UTF-8 bytes of `text`: the checksum of BR Code field 63.
 */
export function crc16ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** Field 63 is written as four upper-case hex digits. */
function formatCrc(crc: number): string {
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** True when `payload` ends with field 63 and its CRC matches everything before it, `6304` included. */
export function hasValidCrc(payload: string): boolean {
  const match = /^([\s\S]*6304)([0-9A-Fa-f]{4})$/.exec(payload);
  return match !== null && formatCrc(crc16ccitt(match[1]!)) === match[2]!.toUpperCase();
}

/**
 * Reads one level of EMV fields into a map from id (`"26"`) to value, in payload order.
 * Read a template by passing its value again (`parseTlv(fields.get('26'))`).
 * Throws `PixCodeError` when the text is not a sequence of well-formed fields.
 */
export function parseTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let position = 0;
  while (position < payload.length) {
    const header = payload.slice(position, position + 4);
    if (!/^\d{4}$/.test(header)) throw new PixCodeError(`Campo EMV malformado na posição ${position}.`);
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = payload.slice(position + 4, position + 4 + length);
    if (length === 0 || value.length !== length) throw new PixCodeError(`Campo EMV ${id} com tamanho inválido.`);
    if (fields.has(id)) throw new PixCodeError(`Campo EMV ${id} repetido.`);
    fields.set(id, value);
    position += 4 + length;
  }
  return fields;
}

/**
 * Reads a BR Code back: checks its structure, its CRC and that it is a Pix code, and answers
 * what it carries. Throws `PixCodeError` otherwise.
 */
export function readPixCode(payload: string): PixCodeContents {
  const fields = parseTlv(payload);
  const ids = [...fields.keys()];
  if (ids[0] !== '00' || fields.get('00') !== '01') {
    throw new PixCodeError('O código não começa pelo Payload Format Indicator 01.');
  }
  if (ids.at(-1) !== '63' || !hasValidCrc(payload)) throw new PixCodeError('CRC do código Pix inválido.');
  const account = parseTlv(fields.get('26') ?? '');
  if (account.get('00')?.toLowerCase() !== PIX_GUI) throw new PixCodeError('O código não é um código Pix.');
  const merchantName = fields.get('59');
  const merchantCity = fields.get('60');
  if (merchantName === undefined || merchantCity === undefined) throw new PixCodeError('Nome ou cidade do recebedor ausente.');
  const txid = parseTlv(fields.get('62') ?? '').get('05');
  const recurrence = parseTlv(fields.get('80') ?? '');
  return {
    singleUse: fields.get('01') === SINGLE_USE,
    merchantName,
    merchantCity,
    key: account.get('01'),
    locationUrl: account.get('25'),
    amount: fields.get('54'),
    txid: txid === NO_TXID ? undefined : txid,
    recurrenceUrl: recurrence.get('00')?.toLowerCase() === PIX_GUI ? recurrence.get('25') : undefined,
  };
}

/**
 * A `pix` charge code: static BR Code with the amount, the key and the txid, marked single use.
 * Throws `PixCodeError` for an amount that is not a positive decimal string, a bad key or txid.
 */
export function createPixCode(input: PixChargeInput): string {
  return assemble([
    field('00', '01'),
    field('01', SINGLE_USE),
    ...chargeFields(input),
    field('62', field('05', checkTxid(input.txid))),
  ]);
}

/**
 * A `pix_auto` code: the Pix Automático recurrence form, where template 80 holds the Pix GUI and
 * the recurrence location (80.25). Without `firstCharge` the merchant account template holds the
 * GUI alone, as in the Central Bank's recurrence-only codes; with it, the charge fields of
 * `createPixCode` come first. Throws `PixCodeError` for a bad URL or charge.
 */
export function createPixAutomaticoCode(input: PixAutomaticoInput): string {
  const recurrence = field('80', field('00', PIX_GUI) + field('25', checkLocationUrl(input.recurrenceUrl)));
  const { firstCharge } = input;
  if (firstCharge === undefined) {
    return assemble([
      field('00', '01'),
      field('26', field('00', PIX_GUI)),
      ...merchantFields(input, undefined),
      field('62', field('05', NO_TXID)),
      recurrence,
    ]);
  }
  return assemble([
    field('00', '01'),
    field('01', SINGLE_USE),
    ...chargeFields({ ...firstCharge, merchantName: input.merchantName, merchantCity: input.merchantCity }),
    field('62', field('05', checkTxid(firstCharge.txid))),
    recurrence,
  ]);
}

/** A random transaction id: 25 letters and digits, the longest a static code allows. */
export function newTxid(): string {
  let txid = '';
  while (txid.length < MAX_TXID_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < TXID_UNBIASED_BYTE_LIMIT && txid.length < MAX_TXID_LENGTH) {
        txid += TXID_ALPHABET.charAt(byte % TXID_ALPHABET.length);
      }
    }
  }
  return txid;
}

/** A random EVP ("chave aleatória") Pix key: a lower-case UUID v4, the form the DICT gives out. */
export function newEvpKey(): string {
  return globalThis.crypto.randomUUID();
}

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > MAX_FIELD_LENGTH) throw new PixCodeError(`Campo EMV ${id} com tamanho inválido.`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function assemble(fields: readonly string[]): string {
  const beforeCrc = fields.join('') + CRC_FIELD_PREFIX;
  return beforeCrc + formatCrc(crc16ccitt(beforeCrc));
}

/** Fields 26 (with the key) to 60, in the order the EMV layout requires. */
function chargeFields(input: PixChargeInput): string[] {
  const account = field('26', field('00', PIX_GUI) + field('01', checkKey(input.key)));
  return [account, ...merchantFields(input, formatAmount(input.amount))];
}

/** Fields 52 to 60; 54 only when the code carries an amount. */
function merchantFields(input: { merchantName: string; merchantCity: string }, amount: string | undefined): string[] {
  return [
    field('52', MERCHANT_CATEGORY_CODE),
    field('53', CURRENCY_BRL),
    ...(amount === undefined ? [] : [field('54', amount)]),
    field('58', 'BR'),
    field('59', sanitizeMerchantText(input.merchantName, MAX_MERCHANT_NAME_LENGTH, 'nome')),
    field('60', sanitizeMerchantText(input.merchantCity, MAX_MERCHANT_CITY_LENGTH, 'cidade')),
  ];
}

/**
 * Name and city are plain upper-case ASCII in BR Codes: diacritics go (NFD, then marks removed),
 * other non-ASCII characters go, whitespace collapses, and the text is cut to the field's limit.
 */
function sanitizeMerchantText(text: string, maxLength: number, label: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, maxLength)
    .trimEnd();
  if (plain === '') throw new PixCodeError(`Informe o ${label} do recebedor.`);
  return plain;
}

/**
 * Money is a decimal string (common rules: never a float). `97` and `104.7` become `97.00` and
 * `104.70`; more than two decimals, signs, exponents, commas and zero are refused, never rounded.
 */
function formatAmount(amount: unknown): string {
  if (typeof amount !== 'string') throw new PixCodeError('O valor deve ser um texto decimal, não um número.');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (match === null) throw new PixCodeError(`Valor inválido: "${amount}". Use um decimal com até duas casas, como 104.70.`);
  const units = match[1]!.replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  if (/^0+$/.test(units + cents)) throw new PixCodeError('O valor deve ser maior que zero.');
  const formatted = `${units}.${cents}`;
  if (formatted.length > MAX_AMOUNT_LENGTH) throw new PixCodeError(`Valor acima do limite de ${MAX_AMOUNT_LENGTH} caracteres.`);
  return formatted;
}

function checkKey(key: string): string {
  if (!/^[\x21-\x7e]+$/.test(key) || key.length > MAX_TEMPLATE_VALUE_LENGTH) {
    throw new PixCodeError(`Chave Pix inválida: use até ${MAX_TEMPLATE_VALUE_LENGTH} caracteres, sem espaços.`);
  }
  return key;
}

function checkTxid(txid: string): string {
  if (!/^[A-Za-z0-9]+$/.test(txid) || txid.length > MAX_TXID_LENGTH) {
    throw new PixCodeError(`txid inválido: use de 1 a ${MAX_TXID_LENGTH} letras e dígitos.`);
  }
  return txid;
}

function checkLocationUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) throw new PixCodeError('Informe a URL de recorrência sem o protocolo (https://).');
  if (!/^[\x21-\x7e]+$/.test(url) || url.length > MAX_TEMPLATE_VALUE_LENGTH) {
    throw new PixCodeError(`URL de recorrência inválida: use até ${MAX_TEMPLATE_VALUE_LENGTH} caracteres, sem espaços.`);
  }
  return url;
}
