/**
 * The service's pt-BR words for a refused field, where no rule gave its own: the schemas'
 * messages (errors.ts, `validate`) and the checks the browser makes without a schema library
 * say the same thing.
 */

export const REQUIRED_FIELD_MESSAGE = 'Este campo é obrigatório.';
export const NULL_FIELD_MESSAGE = 'Este campo não pode ser nulo.';
export const BLANK_FIELD_MESSAGE = 'Este campo não pode ser em branco.';
export const UNSUPPORTED_FIELD_MESSAGE = 'Campo não suportado pelo contrato público.';

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'um valor booleano',
  object: 'um objeto',
  array: 'uma lista',
};

/** A value of the wrong type; `expected` as a schema names it (`string`, `int`, `object`...). */
export function wrongTypeMessage(expected: string): string {
  return `Tipo inválido: esperado ${TYPE_NAMES[expected] ?? expected}.`;
}

/** A number under its minimum. */
export function minimumValueMessage(minimum: number | bigint): string {
  return `Certifique-se de que este valor seja maior ou igual a ${minimum}.`;
}

/** A number over its maximum. */
export function maximumValueMessage(maximum: number | bigint): string {
  return `Certifique-se de que este valor seja menor ou igual a ${maximum}.`;
}

/** A value outside a list of choices, named as the input wrote it. */
export function invalidChoiceMessage(input: unknown): string {
  return `"${String(input)}" não é uma escolha válida.`;
}
