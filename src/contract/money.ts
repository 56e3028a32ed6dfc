/**
 * The project's one decimal helper for money (public-api.md, "Resources and their fields":
 * amounts are decimal strings; `percentage`, `fixed` and `interestPercentage` of the fees
 * table are JSON numbers, in percentage points).
 *
 * Money lives as integer cents in a `bigint`. Percentages and other JSON numbers are turned
 * into exact decimal text first (from the number's shortest round-trip form), so no float
 * ever takes part in a money calculation. Intermediate results (amount x percentage) stay
 * exact decimals and are rounded to cents once, at the end.
 *
 * Rounding is half-up on the magnitude (ties go away from zero: 0.005 -> 0.01,
 * -0.005 -> -0.01), the commercial rounding of `ROUND_HALF_UP` in Python's and Java's
 * decimal types.
 */
import { DECIMAL_PATTERN } from './format-checks.js';

/** An amount in cents (hundredths of the currency unit). */
export type Cents = bigint;

/** An exact decimal: `units / 10^scale`. Internal only; the public face is cents and text. */
interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const CENTS_SCALE = 2;

function powerOfTen(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** `numerator / denominator` rounded half-up (ties away from zero); `denominator` > 0. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return negative ? -quotient : quotient;
}

function parseExact(text: string): ExactDecimal {
  if (typeof text !== 'string' || !DECIMAL_PATTERN.test(text)) {
    throw new Error(`Valor decimal inválido: ${JSON.stringify(text)}. Use dígitos com ponto decimal, por exemplo "97.00".`);
  }
  const [whole = '', fraction = ''] = text.split('.');
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/**
 * The exact decimal text of a JSON number, without float arithmetic: 4.99 -> "4.99",
 * 1e-7 -> "0.0000001", 1e21 -> "1000000000000000000000", 2 -> "2".
 *
 * `String(value)` is ECMAScript's shortest text that reads back as the same number, i.e. the
 * digits the API wrote in its JSON; an exponent is expanded by moving the decimal point in
 * that text. Throws a `RangeError` for NaN and infinities.
 */
export function decimalTextOfNumber(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`Número inválido para valor decimal: ${String(value)}.`);
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Número inválido para valor decimal: ${String(value)}.`);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function exactOf(value: string | number): ExactDecimal {
  return parseExact(typeof value === 'number' ? decimalTextOfNumber(value) : value);
}

function exactOfCents(cents: Cents): ExactDecimal {
  return { units: cents, scale: CENTS_SCALE };
}

function addExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * powerOfTen(scale - a.scale) + b.units * powerOfTen(scale - b.scale),
    scale,
  };
}

function multiplyExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** `value / 100`, exactly: percentage points to a fraction. */
function fractionOfPercentage(points: ExactDecimal): ExactDecimal {
  return { units: points.units, scale: points.scale + 2 };
}

function exactToCents(value: ExactDecimal): Cents {
  if (value.scale <= CENTS_SCALE) return value.units * powerOfTen(CENTS_SCALE - value.scale);
  return divideHalfUp(value.units, powerOfTen(value.scale - CENTS_SCALE));
}

function formatExact(value: ExactDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = value.scale > 0 ? `.${digits.slice(digits.length - value.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Reads a decimal string (`97`, `97.5`, `-0.505`) as cents, rounding half-up past two
 * places. Throws an `Error` naming the text for anything else (`1,50`, `1e3`, `.5`, ``).
 */
export function parseCents(text: string): Cents {
  return exactToCents(parseExact(text));
}

/** Cents from a decimal string or a JSON number (exact, then half-up to cents). */
export function toCents(value: string | number): Cents {
  return exactToCents(exactOf(value));
}

/** Cents as a decimal string with exactly two places: `9700n` -> `"97.00"`, `-50n` -> `"-0.50"`. */
export function formatCents(cents: Cents): string {
  return formatExact(exactOfCents(cents));
}

/** `a + b` in cents. */
export function addCents(a: Cents, b: Cents): Cents {
  return a + b;
}

/** The sum of a list of cents; 0 for an empty list. */
export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + amount, 0n);
}

/** `a - b` in cents. */
export function subtractCents(a: Cents, b: Cents): Cents {
  return a - b;
}

/** `amount x factor` for a whole `factor` (a count of instalments, of items). */
export function multiplyCents(amount: Cents, factor: number | bigint): Cents {
  if (typeof factor === 'number' && !Number.isSafeInteger(factor)) {
    throw new RangeError(`O fator deve ser um número inteiro: ${String(factor)}.`);
  }
  return amount * BigInt(factor);
}

/**
 * `amount x percentagePoints / 100`, rounded half-up to cents; `percentagePoints` as the
 * API writes it (4.99 means 4.99%), a JSON number or a decimal string.
 */
export function percentOf(amount: Cents, percentagePoints: number | string): Cents {
  return exactToCents(multiplyExact(exactOfCents(amount), fractionOfPercentage(exactOf(percentagePoints))));
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compareCents(a: Cents, b: Cents): -1 | 0 | 1 {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** Whether two amounts in cents are the same. */
export function equalCents(a: Cents, b: Cents): boolean {
  return a === b;
}

/**
 * The exact sum of decimal strings, with as many places as the longest input
 * (`["1.5", "2.25"]` -> `"3.75"`). No rounding: used to check a total against its parts,
 * which must hold to the last digit the API wrote.
 */
export function sumAmounts(amounts: readonly string[]): string {
  return formatExact(amounts.map(parseExact).reduce(addExact, { units: 0n, scale: 0 }));
}

/** Whether two decimal strings are the same number, exactly (`"0"` equals `"0.00"`). */
export function amountsEqual(a: string, b: string): boolean {
  const right = parseExact(b);
  return addExact(parseExact(a), { units: -right.units, scale: right.scale }).units === 0n;
}

/** A method's fee configuration, as a row of the fees table gives it. */
export interface SaleFeeRule {
  readonly percentage: number | null;
  /** A JSON number or, as one sample renders it, a decimal string (public-api.md, Fees response). */
  readonly fixed: number | string | null;
}

/**
 * The platform fee of an approved sale (public-api.md, "Fees response"):
 * `amount x (percentage / 100) + fixed`, computed exactly and rounded half-up to cents once.
 *
 * A method with no configured fee has `percentage` and `fixed` both null; its fee is unknown,
 * so the answer is `null`, never `"0.00"`. When only one part is null, that part adds nothing.
 */
export function saleFee(amount: string, rule: SaleFeeRule): string | null {
  if (rule.percentage === null && rule.fixed === null) return null;
  let fee: ExactDecimal = { units: 0n, scale: 0 };
  if (rule.percentage !== null) {
    fee = multiplyExact(exactOfCents(parseCents(amount)), fractionOfPercentage(exactOf(rule.percentage)));
  }
  if (rule.fixed !== null) fee = addExact(fee, exactOf(rule.fixed));
  return formatCents(exactToCents(fee));
}

/** A card payment split into instalments, every value a decimal string with two places. */
export interface InstallmentPlan {
  readonly installments: number;
  /** What the buyer pays each month (the last one may differ by the rounding cents). */
  readonly installmentAmount: string;
  /** The amount with interest: what the buyer pays in all, and what is charged. */
  readonly total: string;
  /** `total - amount`; zero when interest-free. */
  readonly interest: string;
}

/**
 * Splits `amount` into `installments` payments with `interestPercentage` points of interest.
 *
 * The total is `amount + amount x interest / 100`, rounded half-up to cents once; the
 * instalment is that total divided by the count, rounded half-up. The total is what is
 * charged, so it is never derived from the rounded instalment: 100.00 in 3 without interest
 * is "3x de 33,33 (total 100,00)" and the last instalment absorbs the cent, as card
 * acquirers do. Interest-free therefore always means a total equal to the amount.
 */
export function installmentPlan(amount: string, installments: number, interestPercentage: number | string): InstallmentPlan {
  if (!Number.isSafeInteger(installments) || installments < 1) {
    throw new RangeError(`O número de parcelas deve ser um inteiro maior ou igual a 1: ${String(installments)}.`);
  }
  const principal = parseCents(amount);
  const total = exactToCents(
    addExact(exactOfCents(principal), multiplyExact(exactOfCents(principal), fractionOfPercentage(exactOf(interestPercentage)))),
  );
  const installmentAmount = divideHalfUp(total, BigInt(installments));
  return {
    installments,
    installmentAmount: formatCents(installmentAmount),
    total: formatCents(total),
    interest: formatCents(subtractCents(total, principal)),
  };
}
