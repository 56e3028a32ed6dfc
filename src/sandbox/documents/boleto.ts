/**
 * Bank boletos (boleto bancário) as the sandbox issues them for `paymentMethod: boleto`
 * (public-api.md, Charge response, `boleto.barcode` is the digitable line).
 *
 * FEBRABAN layout of the 44-digit barcode:
 *   bank (3) + currency 9 (1) + general check digit (1) + due-date factor (4) + amount in cents (10) + free field (25).
 * The 47-digit digitable line regroups it as three fields with a modulo-10 check digit each,
 * then the general check digit, then factor and amount.
 */
import { randomInt } from 'node:crypto';
import { isCalendarDate } from '../../contract/formats.js';

/** What `createBoleto` needs. */
export interface CreateBoletoInput {
  /** Three-digit bank code (COMPE), e.g. `001`. */
  readonly bankCode: string;
  /** Decimal string in reais, e.g. `104.70`. */
  readonly amount: string;
  /** `YYYY-MM-DD`. */
  readonly dueDate: string;
  /** The bank's 25-digit free field; random when absent. */
  readonly freeField?: string;
}

/** A boleto's machine-readable forms. */
export interface BoletoSlip {
  /** The 44 digits the bars encode. */
  readonly barcode44: string;
  /** The 47-digit digitable line (linha digitável), no separators. */
  readonly digitableLine: string;
  /** `YYYY-MM-DD`, as asked for. */
  readonly dueDate: string;
}

/** Barcode position 4: 9 is the Real, the only currency a boleto is issued in. */
const CURRENCY_CODE_REAL = '9';
const FREE_FIELD_LENGTH = 25;
const AMOUNT_LENGTH = 10;
/** The largest amount the barcode's 10 digits of cents can write. */
export const BOLETO_MAX_AMOUNT = `${'9'.repeat(AMOUNT_LENGTH - 2)}.99`;
const MILLIS_PER_DAY = 86_400_000;
/** Day zero of the due-date factor (FEBRABAN). */
const FACTOR_BASE_DAY = dayNumber('1997-10-07');
/** Factors run 1000..9999; on 2025-02-22 the factor went from 9999 back to 1000 (FEBRABAN). */
const FACTOR_MIN = 1000;
const FACTOR_MAX = 9999;
const FACTOR_CYCLE_DAYS = FACTOR_MAX - FACTOR_MIN + 1;

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar day; throws when it is no such day. */
function dayNumber(date: string): number {
  if (!isCalendarDate(date)) throw new Error(`Data inválida: "${date}". Use o formato AAAA-MM-DD.`);
  return Date.parse(`${date}T00:00:00Z`) / MILLIS_PER_DAY;
}

function calendarDateOf(day: number): string {
  return new Date(day * MILLIS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The due-date factor of a day: days since 1997-10-07, kept in 1000..9999 by restarting at
 * 1000 after 9999 (2025-02-21 is 9999, 2025-02-22 is 1000). Days before 2000-07-03 (the first
 * factor 1000) are refused: no boleto issued now can fall due then.
 */
export function dueDateFactor(date: string): number {
  const days = dayNumber(date) - FACTOR_BASE_DAY;
  if (days < FACTOR_MIN) throw new Error(`Data de vencimento anterior a 2000-07-03: "${date}".`);
  return ((days - FACTOR_MIN) % FACTOR_CYCLE_DAYS) + FACTOR_MIN;
}

/**
 * The day a factor stands for. A factor repeats every 9000 days, so `reference` (`YYYY-MM-DD`,
 * usually today) picks the cycle: the answer is the candidate day nearest to it, and on an
 * exact tie the later one.
 */
export function dateFromDueDateFactor(factor: number, reference: string): string {
  if (!Number.isInteger(factor) || factor < FACTOR_MIN || factor > FACTOR_MAX) {
    throw new Error(`Fator de vencimento inválido: ${factor}. Use um inteiro de 1000 a 9999.`);
  }
  const referenceDays = dayNumber(reference) - FACTOR_BASE_DAY;
  const cycle = Math.max(0, Math.round((referenceDays - factor) / FACTOR_CYCLE_DAYS));
  const candidates = [cycle - 1, cycle, cycle + 1]
    .filter((each) => each >= 0)
    .map((each) => factor + each * FACTOR_CYCLE_DAYS);
  const nearest = candidates.reduce((best, each) =>
    Math.abs(each - referenceDays) <= Math.abs(best - referenceDays) ? each : best,
  );
  return calendarDateOf(FACTOR_BASE_DAY + nearest);
}

/**
 * The barcode's 10-digit amount field from a decimal string (`104.70` → `0000010470`).
 * Text only, never a float (common rule: money is a decimal string). At most two decimals;
 * negatives, other shapes and amounts above 99999999.99 are refused.
 */
export function amountToCents(amount: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`Valor inválido: "${amount}". Use um decimal com até duas casas, como 104.70.`);
  const cents = `${match[1]}${(match[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (cents.length > AMOUNT_LENGTH) throw new Error(`Valor acima do máximo de um boleto: "${amount}".`);
  return cents.padStart(AMOUNT_LENGTH, '0');
}

/** Modulo 10 of a digitable-line field: weights 2,1,2,… from the right, products' digits summed. */
function modulo10(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const weight = index % 2 === 0 ? 2 : 1;
    const product = Number(digits[digits.length - 1 - index]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** General check digit: modulo 11, weights 2..9 from the right; 0, 10 and 11 become 1. */
function modulo11(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[digits.length - 1 - index]) * ((index % 8) + 2);
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** Barcode without its check digit (43 digits) → the full 44 digits. */
function withGeneralCheckDigit(withoutCheckDigit: string): string {
  return `${withoutCheckDigit.slice(0, 4)}${modulo11(withoutCheckDigit)}${withoutCheckDigit.slice(4)}`;
}

function isValidBarcode(barcode: string): boolean {
  return /^\d{44}$/.test(barcode) && withGeneralCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) === barcode;
}

/** Grouped lines are pasted as often as bare ones: spaces and dots are not part of the line. */
function bareLine(line: string): string {
  return line.replace(/[\s.]/g, '');
}

/** The three fields of a bare line that carry a modulo-10 check digit: [digits, check digit] each. */
function lineFields(line: string): Array<[string, string]> {
  return [
    [line.slice(0, 9), line.slice(9, 10)],
    [line.slice(10, 20), line.slice(20, 21)],
    [line.slice(21, 31), line.slice(31, 32)],
  ];
}

/** Puts a bare line's digits back in barcode order, dropping the three field check digits. */
function reassembleBarcode(bare: string): string {
  return `${bare.slice(0, 4)}${bare.slice(32, 47)}${bare.slice(4, 9)}${bare.slice(10, 20)}${bare.slice(21, 31)}`;
}

/** The 47-digit digitable line of a 44-digit barcode; throws when the barcode's check digit is wrong. */
export function barcodeToDigitableLine(barcode: string): string {
  if (!isValidBarcode(barcode)) throw new Error('Código de barras inválido: são 44 dígitos com o dígito verificador geral correto.');
  const freeField = barcode.slice(19);
  const fields = [barcode.slice(0, 4) + freeField.slice(0, 5), freeField.slice(5, 15), freeField.slice(15, 25)];
  return `${fields.map((field) => `${field}${modulo10(field)}`).join('')}${barcode.slice(4, 19)}`;
}

/**
 * True when `line` (bare or grouped) has 47 digits, each field's modulo-10 digit is right and
 * the general modulo-11 digit matches the barcode it stands for.
 */
export function isValidDigitableLine(line: string): boolean {
  const bare = bareLine(line);
  if (!/^\d{47}$/.test(bare)) return false;
  if (!lineFields(bare).every(([digits, checkDigit]) => String(modulo10(digits)) === checkDigit)) return false;
  return isValidBarcode(reassembleBarcode(bare));
}

/** The 44-digit barcode of a digitable line (bare or grouped); throws when any check digit is wrong. */
export function digitableLineToBarcode(line: string): string {
  if (!isValidDigitableLine(line)) throw new Error('Linha digitável inválida: confira os 47 dígitos.');
  return reassembleBarcode(bareLine(line));
}

/** The printed form `AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV` of a 47-digit line. */
export function formatDigitableLine(line: string): string {
  const bare = bareLine(line);
  if (!/^\d{47}$/.test(bare)) throw new Error('Linha digitável inválida: são 47 dígitos.');
  const group = (start: number, split: number, end: number) => `${bare.slice(start, split)}.${bare.slice(split, end)}`;
  return [group(0, 5, 10), group(10, 15, 21), group(21, 26, 32), bare.slice(32, 33), bare.slice(33)].join(' ');
}

function randomFreeField(): string {
  return Array.from({ length: FREE_FIELD_LENGTH }, () => randomInt(10)).join('');
}

/** Issues a boleto: its barcode and digitable line. Throws on a malformed bank code, amount, date or free field. */
export function createBoleto(input: CreateBoletoInput): BoletoSlip {
  if (!/^\d{3}$/.test(input.bankCode)) throw new Error(`Código do banco inválido: "${input.bankCode}". São 3 dígitos.`);
  const freeField = input.freeField ?? randomFreeField();
  if (!/^\d{25}$/.test(freeField)) throw new Error('Campo livre inválido: são 25 dígitos.');
  const factor = String(dueDateFactor(input.dueDate));
  const barcode44 = withGeneralCheckDigit(
    `${input.bankCode}${CURRENCY_CODE_REAL}${factor}${amountToCents(input.amount)}${freeField}`,
  );
  return { barcode44, digitableLine: barcodeToDigitableLine(barcode44), dueDate: input.dueDate };
}
