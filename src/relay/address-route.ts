/**
 * `GET address?cep=NNNNNNNN`: the street, district, city and state of a Brazilian postal code
 * (CEP), so the widget fills the 3-D Secure billing address from the CEP and the buyer types
 * only the number. Mounted only when the merchant gives `addressLookup`; the answer uses the
 * names of the charge's `address.*` (public-api.md, request body), which the 3-D Secure
 * provider takes as its billing address. Addresses are public data: the answer may be cached.
 */
import type { AddressLookup, LookedUpAddress } from './address-lookups.js';
import { buyerIp, rateLimitBucket } from './buyer-ip.js';
import type { RelayContext, RelayRequestInfo } from './context.js';
import { jsonAnswer, RelayError } from './errors.js';
import { type RelayAnswer, type RelayRequest } from './relay-exchange.js';

/** The body of `GET address`: the CEP's address in the charge's `address.*` names. */
export interface AddressAnswer extends LookedUpAddress {
  zipcode: string;
  country: 'BR';
}

/** How long the relay waits for a lookup; a buyer can type the address meanwhile. */
export const ADDRESS_LOOKUP_TIMEOUT_MS = 5_000;
/** Lookups one buyer IP (an IPv6 /64) may make a minute: a buyer types one or two CEPs, a scraper thousands. */
export const ADDRESS_LOOKUPS_PER_IP_PER_MINUTE = 30;
/** A CEP's address changes about never; a browser or a CDN may keep it a day. */
const FOUND_CACHE_SECONDS = 86_400;
/** A CEP that does not exist today may be created: kept an hour. */
const NOT_FOUND_CACHE_SECONDS = 3_600;

const CEP_PATTERN = /^(\d{5})-?(\d{3})$/;
const STATE_PATTERN = /^[A-Z]{2}$/;
const MAX_FIELD_LENGTH = 255;

/** The 8 digits of a CEP written with or without its hyphen, or undefined. */
export function cepDigits(text: string): string | undefined {
  const match = CEP_PATTERN.exec(text.trim());
  return match ? `${match[1]}${match[2]}` : undefined;
}

function lookupFailed(cause: unknown): RelayError {
  return new RelayError(502, 'upstream_unavailable', 'The address lookup failed; the buyer can type the address.', { cause });
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length <= MAX_FIELD_LENGTH ? trimmed : undefined;
}

/** The lookup's answer checked like any input from the network: a wrong one is a failed lookup. */
function checkedAddress(found: unknown, zipcode: string): AddressAnswer {
  const fields = (typeof found === 'object' && found !== null ? found : {}) as Record<string, unknown>;
  const [street, neighborhood, city, state] = [text(fields['street']), text(fields['neighborhood']), text(fields['city']), text(fields['state'])];
  if (street === undefined || neighborhood === undefined || !city || state === undefined || !STATE_PATTERN.test(state)) {
    throw lookupFailed(new TypeError('addressLookup answered something that is not an address'));
  }
  return { zipcode, street, neighborhood, city, state, country: 'BR' };
}

/** The lookup, given up after `ADDRESS_LOOKUP_TIMEOUT_MS` or when the buyer leaves. */
async function lookUp(lookup: AddressLookup, cep: string, request: RelayRequest): Promise<unknown> {
  const limit = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      limit.abort();
      reject(new RelayError(503, 'upstream_unavailable', 'The address lookup did not answer in time; the buyer can type the address.', { retryAfter: 1 }));
    }, ADDRESS_LOOKUP_TIMEOUT_MS);
  });
  const left = () => limit.abort();
  request.signal.addEventListener('abort', left);
  try {
    // Raced, so a lookup that ignores its signal still cannot hold the buyer.
    return await Promise.race([lookup(cep, { signal: limit.signal }), timedOut]);
  } catch (error) {
    throw error instanceof RelayError ? error : lookupFailed(error);
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', left);
  }
}

export async function handleAddress(request: RelayRequest, info: RelayRequestInfo, context: RelayContext, lookup: AddressLookup): Promise<RelayAnswer> {
  const { store, trustProxy } = context.options;
  const cep = cepDigits(new URL(request.url).searchParams.get('cep') ?? '');
  if (cep === undefined) {
    throw new RelayError(400, 'invalid_request', 'Give the CEP as ?cep=NNNNNNNN (8 digits, with or without the hyphen).', {
      fields: { cep: ['CEP deve ter 8 dígitos.'] },
    });
  }
  const bucket = rateLimitBucket(buyerIp(request.headers, info.remoteAddress, trustProxy));
  const slot = await store.reserveSlot(`relay:address-lookups-per-ip:${bucket}`, ADDRESS_LOOKUPS_PER_IP_PER_MINUTE, 60_000, 0);
  if (!slot.granted) {
    throw new RelayError(429, 'rate_limited', 'Too many address lookups from this address; retry after the given seconds.', {
      retryAfter: Math.max(1, Math.ceil(slot.waitMs / 1000)),
    });
  }
  const found = await lookUp(lookup, cep, request);
  if (found === undefined || found === null) {
    throw new RelayError(404, 'address_not_found', 'No address has this CEP.', {
      headers: { 'Cache-Control': `public, max-age=${NOT_FOUND_CACHE_SECONDS}` },
    });
  }
  return jsonAnswer(200, checkedAddress(found, cep), { 'Cache-Control': `public, max-age=${FOUND_CACHE_SECONDS}` });
}
