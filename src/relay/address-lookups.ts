/**
 * What the relay's `addressLookup` option is, and two ready ones: the sandbox's CEP table
 * (docs/sandbox.md) and any service answering ViaCEP's public JSON format
 * (`GET {base}/{cep}/json/` → `{ cep, logradouro, complemento, bairro, localidade, uf }`, or
 * `{ erro: true }` for a CEP that does not exist).
 */

/** What a lookup knows of a CEP. A CEP of a whole small town has no street or district: they are empty. */
export interface LookedUpAddress {
  street: string;
  neighborhood: string;
  city: string;
  /** Two-letter state code (`SP`), as `address.state` takes it (public-api.md, request body). */
  state: string;
}

/**
 * The merchant's lookup: the address of `cep` (8 digits), undefined when no such CEP exists; a
 * throw (the service is down) is a failed lookup. `signal` aborts when the relay stops waiting.
 */
export type AddressLookup = (cep: string, options: { signal: AbortSignal }) => Promise<LookedUpAddress | undefined>;

export interface HttpAddressLookupOptions {
  /** The `fetch` to use; the global one by default. */
  fetch?: typeof fetch;
}

export interface ViaCepLookupOptions extends HttpAddressLookupOptions {
  /** Where the service answers `{base}/{cep}/json/`; default `https://viacep.com.br/ws`. */
  baseUrl?: string;
}

/** ViaCEP's own address, the default of `viaCepAddressLookup`. */
export const VIACEP_BASE_URL = 'https://viacep.com.br/ws';

function httpBase(option: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${option}: "${value}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${option}: must be an http(s) URL.`);
  return value.replace(/\/+$/, '');
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The lookup of a service in ViaCEP's format. Its `complemento` describes the CEP's stretch of
 * street ("até 610 - lado par"), not the buyer's flat: it is not the charge's `complement`. A
 * CEP that does not exist answers 200 with `erro` (`true`, or `"true"` in older answers);
 * ViaCEP answers 400 only for a malformed CEP, which the relay never sends.
 */
export function viaCepAddressLookup(options: ViaCepLookupOptions = {}): AddressLookup {
  const base = httpBase('viaCepAddressLookup baseUrl', options.baseUrl ?? VIACEP_BASE_URL);
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (cep, { signal }) => {
    const response = await fetcher(`${base}/${encodeURIComponent(cep)}/json/`, { headers: { Accept: 'application/json' }, signal });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`CEP service answered HTTP ${response.status}`);
    const body = (await response.json()) as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null) throw new Error('CEP service answered something that is not an object');
    if (body['erro'] === true || body['erro'] === 'true') return undefined;
    return { street: stringOf(body['logradouro']), neighborhood: stringOf(body['bairro']), city: stringOf(body['localidade']), state: stringOf(body['uf']) };
  };
}

/**
 * The lookup of the sandbox's CEP table (`GET {sandbox}/sandbox/ceps/{cep}`), for demos and
 * tests: `pay-checkout relay --sandbox-providers` and the demo page use it.
 */
export function sandboxAddressLookup(sandboxUrl: string, options: HttpAddressLookupOptions = {}): AddressLookup {
  const base = httpBase('sandboxAddressLookup', sandboxUrl);
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (cep, { signal }) => {
    const response = await fetcher(`${base}/sandbox/ceps/${encodeURIComponent(cep)}`, { headers: { Accept: 'application/json' }, signal });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`sandbox CEP table answered HTTP ${response.status}`);
    return (await response.json()) as LookedUpAddress;
  };
}
