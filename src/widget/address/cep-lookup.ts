/**
 * The relay's `GET address?cep=` (docs/relay.md) as the address form asks it: the CEP's
 * street, district, city and state; `not-found` for a CEP that does not exist; undefined for
 * anything else (no such route, the lookup down, the buyer offline, `signal` aborted), which
 * leaves the fields for the buyer to type. The answer is checked here, where it enters the page.
 */
import { RelayConnection } from '../checkout/relay-connection.js';

export interface CepAddress {
  street: string;
  neighborhood: string;
  city: string;
  state: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 255) : '');

export async function lookUpCep(relay: string, cep: string, signal: AbortSignal): Promise<CepAddress | 'not-found' | undefined> {
  try {
    const url = new RelayConnection({ relay }).url(`address?cep=${cep}`);
    const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
    const body = (await response.json()) as Record<string, unknown> | null;
    if (response.status === 404) return (body?.['error'] as { type?: unknown } | undefined)?.type === 'address_not_found' ? 'not-found' : undefined;
    const state = text(body?.['state']);
    if (!response.ok || !/^[A-Z]{2}$/.test(state)) return undefined;
    return { street: text(body?.['street']), neighborhood: text(body?.['neighborhood']), city: text(body?.['city']), state };
  } catch {
    return undefined;
  }
}
