/**
 * The traffic-source tags of the page URL, captured into the charge's `metadata` so the
 * merchant's analytics by source works without code (public-api.md, `metadata`; only these
 * keys are accepted, supplement "Known behaviour").
 */
import { METADATA_KEYS } from '../../contract/charge-request-rules.js';
import type { ChargeMetadata } from '../../contract/charge-request.js';
import { MAX_STRING_LENGTH } from '../../contract/constants.js';

/**
 * `utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content` and `sck` from `href`
 * (the page's address by default): the first value of each, trimmed, cut to 255 characters;
 * empty values and every other parameter are left out. An unreadable address gives `{}`.
 */
export function captureUtmMetadata(href: string = globalThis.location?.href ?? ''): ChargeMetadata {
  let params: URLSearchParams;
  try {
    params = new URL(href).searchParams;
  } catch {
    return {};
  }
  const metadata: ChargeMetadata = {};
  for (const key of METADATA_KEYS) {
    const value = params.get(key)?.trim();
    // Cut by code points, so an emoji at the limit is never split into half a surrogate pair.
    if (value) metadata[key] = Array.from(value).slice(0, MAX_STRING_LENGTH).join('');
  }
  return metadata;
}
