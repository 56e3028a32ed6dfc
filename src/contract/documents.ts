/**
 * Brazilian taxpayer numbers (public-api.md, `customer.docType` / `customer.docNumber`): the
 * CPF of a person and the CNPJ of a company, with their check digits. Plain functions, so the
 * browser checks a number as the API does without loading the schemas.
 */

export const DOC_TYPES = ['cpf', 'cnpj'] as const;
export type DocType = (typeof DOC_TYPES)[number];

// Each check digit is the weighted sum of the digits before it, modulo 11; a remainder below
// 2 gives 0, otherwise 11 minus the remainder. The weights start at 2 on the rightmost digit
// and grow leftwards, back to 2 after `cycleAt`.
function checkDigit(digitsBefore: string, cycleAt: number): number {
  let sum = 0;
  let weight = 2;
  for (let index = digitsBefore.length - 1; index >= 0; index -= 1) {
    sum += Number(digitsBefore[index]) * weight;
    weight = weight === cycleAt ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function hasValidCheckDigits(number: string, length: number, cycleAt: number): boolean {
  // A number of one repeated digit passes the arithmetic but is never issued.
  if (number.length !== length || /\D/.test(number) || /^(\d)\1*$/.test(number)) return false;
  // The last two digits check the digits before each of them (the second counts the first).
  return [length - 2, length - 1].every((at) => checkDigit(number.slice(0, at), cycleAt) === Number(number[at]));
}

/** True when `cpf` is 11 digits whose two check digits are right. */
export function isValidCpf(cpf: string): boolean {
  // CPF weights grow without wrapping (2..11), so the cycle never closes.
  return hasValidCheckDigits(cpf, 11, Number.POSITIVE_INFINITY);
}

/** True when `cnpj` is 14 digits (the numeric CNPJ) whose two check digits are right. */
export function isValidCnpj(cnpj: string): boolean {
  // CNPJ weights run 2..9 from the right and start over.
  return hasValidCheckDigits(cnpj, 14, 9);
}
