/**
 * The relay's `GET address?cep=` (docs/relay.md) as the address form asks it: the CEP's
 * street, district, city and state, `not-found` for a CEP that does not exist, `failed` for
 * anything else (no such route, the lookup down, the buyer offline), which leaves the fields
 * for the buyer to type. The answer is checked here, where it enters the page.
 */
import { RelayConnection } from '../checkout/relay-connection.js';

export interface CepAddress {
  street: string;
  neighborhood: string;
  city: string;
  state: string;
}

export type CepLookupResult = { kind: 'found'; address: CepAddress } | { kind: 'not-found' } | { kind: 'failed' };

/** Longer than the relay's own wait for its lookup (5 s), so its 503 comes first. */
const LOOKUP_TIMEOUT_MS = 8_000;

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 255) : '');

export async function lookUpCep(relay: string, cep: string, signal: AbortSignal): Promise<CepLookupResult> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), LOOKUP_TIMEOUT_MS);
  const drop = () => limit.abort();
  signal.addEventListener('abort', drop);
  try {
    const url = new RelayConnection({ relay }).url(`address?cep=${cep}`);
    const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: limit.signal });
    const body = (await response.json()) as Record<string, unknown> | null;
    if (response.status === 404 && (body?.['error'] as { type?: unknown } | undefined)?.type === 'address_not_found') return { kind: 'not-found' };
    const state = text(body?.['state']);
    if (!response.ok || !/^[A-Z]{2}$/.test(state)) return { kind: 'failed' };
    return { kind: 'found', address: { street: text(body?.['street']), neighborhood: text(body?.['neighborhood']), city: text(body?.['city']), state } };
  } catch {
    return { kind: 'failed' };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', drop);
  }
}
