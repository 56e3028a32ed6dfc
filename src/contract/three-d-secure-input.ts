/**
 * The check of what the widget hands a 3-D Secure provider, without the schemas: the rules of
 * three-d-secure.ts's `threeDSecureAuthenticationInputSchema`, answered as `validate` answers
 * them (the same field paths, the same pt-BR messages, `country` filled in), so a provider in
 * the browser refuses bad input before any request, in the service's words.
 */
import {
  breaksCepLength,
  CEP_LENGTH_MESSAGE,
  COUNTRY_CODE_MESSAGE,
  COUNTRY_CODE_PATTERN,
  DEFAULT_ADDRESS_COUNTRY,
  STATE_CODE_MESSAGE,
  STATE_CODE_PATTERN,
} from './charge-request-rules.js';
import { isCurrency } from './currency-codes.js';
import {
  BLANK_FIELD_MESSAGE,
  invalidChoiceMessage,
  maximumValueMessage,
  minimumValueMessage,
  NULL_FIELD_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  UNSUPPORTED_FIELD_MESSAGE,
  wrongTypeMessage,
} from './field-messages.js';
import { DIGITS_MESSAGE, DIGITS_PATTERN, isEmailAddress } from './format-checks.js';
import { isFiniteNumber, isPlainObject, ownEntry, setOwn } from './json-values.js';
import type { ThreeDSecureAuthenticationInput } from './three-d-secure.js';

/** What the API says of a buyer's e-mail it cannot read. */
export const THREE_DS_EMAIL_MESSAGE = 'Informe um e-mail válido.';
const SIGNAL_MESSAGE = 'Informe um AbortSignal.';

/** Field messages by dotted path (`billingAddress.zipcode`), in the order found. */
type FieldMessages = Record<string, string[]>;

/** Checks the value at `path`, adding what is wrong with it to `fields`. */
type FieldCheck = (value: unknown, path: string, fields: FieldMessages) => void;

/** Adds `message` under `path`; a message about the whole input goes under `non_field_errors`, as the API puts it. */
function report(fields: FieldMessages, path: string, message: string | undefined): void {
  if (message === undefined) return;
  const key = path === '' ? 'non_field_errors' : path;
  const existing = ownEntry(fields, key);
  if (existing === undefined) setOwn(fields, key, [message]);
  else if (!existing.includes(message)) existing.push(message);
}

/** Why a value is missing, `null` or not of `type`; `undefined` when it is of that type. */
function typeMessage(value: unknown, type: 'string' | 'number' | 'object'): string | undefined {
  if (value === undefined) return REQUIRED_FIELD_MESSAGE;
  if (value === null) return NULL_FIELD_MESSAGE;
  const fits = type === 'object' ? isPlainObject(value) : type === 'number' ? isFiniteNumber(value) : typeof value === type;
  return fits ? undefined : wrongTypeMessage(type);
}

/** A field whose value gets one message at most. */
function field(messageOf: (value: unknown) => string | undefined, options: { optional?: boolean } = {}): FieldCheck {
  return (value, path, fields) => {
    if (options.optional && value === undefined) return;
    report(fields, path, messageOf(value));
  };
}

const nonEmptyText = field((value) => typeMessage(value, 'string') ?? (value === '' ? BLANK_FIELD_MESSAGE : undefined));

function textMatching(pattern: RegExp, message: string, options: { optional?: boolean } = {}): FieldCheck {
  return field((value) => typeMessage(value, 'string') ?? (pattern.test(value as string) ? undefined : message), options);
}

/**
 * A whole number of cents, 0 or more, within the integers JavaScript counts exactly. A number
 * below both limits breaks both, and both are said.
 */
const amountInCents: FieldCheck = (value, path, fields) => {
  const message = typeMessage(value, 'number');
  if (message !== undefined) return report(fields, path, message);
  const amount = value as number;
  if (!Number.isInteger(amount)) return report(fields, path, wrongTypeMessage('int'));
  if (amount > Number.MAX_SAFE_INTEGER) report(fields, path, maximumValueMessage(Number.MAX_SAFE_INTEGER));
  if (amount < Number.MIN_SAFE_INTEGER) report(fields, path, minimumValueMessage(Number.MIN_SAFE_INTEGER));
  if (amount < 0) report(fields, path, minimumValueMessage(0));
};

/**
 * An object with exactly these fields: each field's own check, then every other key refused
 * by name, then `refine` (which runs even when a field failed, as the schemas' rules do).
 */
function strictObject(shape: Readonly<Record<string, FieldCheck>>, refine?: FieldCheck): FieldCheck {
  return (value, path, fields) => {
    const message = typeMessage(value, 'object');
    if (message !== undefined) return report(fields, path, message);
    const object = value as Record<string, unknown>;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    for (const [key, check] of Object.entries(shape)) check(object[key], at(key), fields);
    for (const key of Object.keys(object)) {
      if (!Object.hasOwn(shape, key)) report(fields, at(key), UNSUPPORTED_FIELD_MESSAGE);
    }
    refine?.(object, path, fields);
  };
}

const billingAddress = strictObject(
  {
    country: textMatching(COUNTRY_CODE_PATTERN, COUNTRY_CODE_MESSAGE, { optional: true }),
    state: textMatching(STATE_CODE_PATTERN, STATE_CODE_MESSAGE),
    city: nonEmptyText,
    street: nonEmptyText,
    neighborhood: nonEmptyText,
    number: nonEmptyText,
    zipcode: textMatching(DIGITS_PATTERN, DIGITS_MESSAGE),
    complement: field((value) => typeMessage(value, 'string'), { optional: true }),
  },
  (value, path, fields) => {
    const address = value as Record<string, unknown>;
    if (breaksCepLength(address['country'], address['zipcode'])) report(fields, `${path}.zipcode`, CEP_LENGTH_MESSAGE);
  },
);

const authenticationInput = strictObject({
  cardToken: nonEmptyText,
  amountInCents,
  currency: field((value) => (isCurrency(value) ? undefined : invalidChoiceMessage(value))),
  customer: strictObject({
    name: nonEmptyText,
    email: field((value) => typeMessage(value, 'string') ?? (isEmailAddress(value as string) ? undefined : THREE_DS_EMAIL_MESSAGE)),
    phone: textMatching(DIGITS_PATTERN, DIGITS_MESSAGE),
  }),
  billingAddress,
  signal: field((value) => (value instanceof AbortSignal ? undefined : SIGNAL_MESSAGE), { optional: true }),
});

export type ThreeDSecureInputCheck =
  | { success: true; data: ThreeDSecureAuthenticationInput }
  | { success: false; fields: Record<string, string[]> };

/**
 * Checks `input` as `validate(threeDSecureAuthenticationInputSchema, input)` would: the input
 * with the billing address's `country` filled in (BR by default), or the field messages by
 * dotted path, as `flattenFieldErrors` gives them.
 */
export function checkThreeDSecureInput(input: unknown): ThreeDSecureInputCheck {
  const fields: FieldMessages = {};
  authenticationInput(input, '', fields);
  if (Object.keys(fields).length > 0) return { success: false, fields };
  const checked = input as ThreeDSecureAuthenticationInput;
  const country = checked.billingAddress.country ?? DEFAULT_ADDRESS_COUNTRY;
  return { success: true, data: { ...checked, billingAddress: { ...checked.billingAddress, country } } };
}
