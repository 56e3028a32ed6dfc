/**
 * Card numbers of every brand the relay knows, and the buyer data that must never be taken for
 * one: check-digit valid CPFs and CNPJs, from a seeded generator so a run can be repeated.
 */
import { luhnNumber } from '../reliability/checkout-stack.js';

export { groupedNumber, luhnNumber } from '../reliability/checkout-stack.js';

/** A Luhn-valid number of each brand range and length the relay refuses. */
export const BRAND_SAMPLES: Readonly<Record<string, string>> = {
  'Visa 16': '4111111111111111',
  'Visa 19': luhnNumber('411111111111111111'),
  Mastercard: '5555555555554444',
  'Mastercard 2-series': '2223003122003222',
  'American Express 37': '378282246310005',
  'American Express 34': '343434343434343',
  'Diners 36, 14 digits': '36227206271667',
  'Diners 300-305, 14 digits': '30569309025904',
  'Diners 38, 16 digits': luhnNumber('380000000000000'),
  'Discover 6011': '6011111111111117',
  'Discover 644': luhnNumber('644000000000000'),
  'Discover 65, 19 digits': luhnNumber('650000000000000000'),
  JCB: '3530111333300000',
  'JCB 19 digits': luhnNumber('356600202036050512'),
  UnionPay: '6200000000000005',
  Maestro: '6759649826438453',
  'Maestro 13 digits': luhnNumber('501800000000'),
  'Elo 636297': '6362970000457013',
  'Elo 5067': luhnNumber('506726000000000'),
  'Elo 509': luhnNumber('509048000000000'),
  'Hipercard 16': '6062825624254001',
  'Hipercard 13': luhnNumber('606282000000'),
  'Hipercard 19': luhnNumber('384100000000000000'),
  'Aura 19': luhnNumber('507860187000012798'),
  Mir: luhnNumber('220000000000000'),
};

/** A repeatable stream of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The mod-11 check digit of `digits`: weights 2, 3, … from the right, back to 2 after `cycleAt`. */
function mod11Digit(digits: string, cycleAt: number): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const fromRight = digits.length - 1 - index;
    sum += Number(digits[index]) * (2 + (fromRight % (cycleAt - 1)));
  }
  const rest = sum % 11;
  return String(rest < 2 ? 0 : 11 - rest);
}

function withCheckDigits(base: string, cycleAt: number): string {
  const first = base + mod11Digit(base, cycleAt);
  return first + mod11Digit(first, cycleAt);
}

/** A valid CPF from its first 9 digits. */
export function validCpf(base: string): string {
  return withCheckDigits(base, Number.POSITIVE_INFINITY);
}

/** A valid CNPJ from its first 12 digits. */
export function validCnpj(base: string): string {
  return withCheckDigits(base, 9);
}
