/**
 * The buyer's IP address, which goes into `customer.ip` (the API would otherwise take the
 * relay's own address: public-api.md, `customer.ip` "defaults to the request's origin IP")
 * and keys the per-buyer limits (charges, event streams).
 *
 * `X-Forwarded-For` is written by whoever sends the request, so it is believed only as far as
 * the merchant says proxies stand in front of the relay. Each proxy appends the address it got
 * the request from, so the list read from the right, after the socket address, walks back
 * toward the buyer:
 * - `false` (default): the socket address; the header is ignored.
 * - a list of the shop's proxies (addresses and CIDR ranges): while the address at hand is one
 *   of them, the walk takes the entry it appended; the first address that is not a listed
 *   proxy is the buyer. A client that connects directly is not a listed proxy, so its header
 *   is ignored. A runtime that gives no socket address (a Next.js route handler) cannot show
 *   who connected: the walk starts at the rightmost entry, written by the proxy in front.
 * - `N` (a number): the address N steps back (1: the rightmost entry, added by the one proxy
 *   the merchant runs). Right only while exactly N proxies always stand in front: with fewer,
 *   the buyer's own forged entry is taken.
 * - `true`: every hop is trusted, so the leftmost entry is the buyer: any client picks its IP.
 * An entry that is not an IP address stops the walk at the last good one.
 */
import * as z from 'zod/mini';
import { addressBytes, ipv4Text, ipv6Slash64, parseAddressRange, rangeIncludes } from './ip-address.js';

const ipAddress = z.union([z.ipv4(), z.ipv6()]);

/** The addresses and ranges of the shop's own proxies, checked once when the relay is made. */
export interface TrustedProxies {
  /** True for an address inside one of the ranges. */
  includes(address: string): boolean;
}

/** What `trustProxy` may be: the option as the merchant writes it, or its checked list. */
export type ProxyTrust = boolean | number | readonly string[] | TrustedProxies;

/** The checked list; throws a `TypeError` naming the first entry that is not an address or a CIDR range. */
export function parseTrustedProxies(entries: readonly string[]): TrustedProxies {
  const ranges = entries.map((entry) => {
    const range = typeof entry === 'string' ? parseAddressRange(entry.trim()) : undefined;
    if (!range) throw new TypeError(`${JSON.stringify(entry)} is not an IP address or a CIDR range such as 10.0.0.0/8 or fd00::/8`);
    return range;
  });
  return {
    includes(address) {
      const bytes = addressBytes(address);
      return bytes !== undefined && ranges.some((range) => rangeIncludes(range, bytes));
    },
  };
}

/** The address without an IPv4-mapped IPv6 prefix (`::ffff:203.0.113.9` is 203.0.113.9). */
function plainAddress(text: string): string {
  const trimmed = text.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice('::ffff:'.length) : trimmed;
}

/** True for an IPv4 or IPv6 address, as the contract's `customer.ip` takes it. */
export function isIpAddress(text: string): boolean {
  return ipAddress.safeParse(text).success;
}

/** Buyers whose address is unknown share this bucket. */
const UNKNOWN_BUCKET = 'unknown';

/**
 * The key of the buyer's rate-limit buckets: an IPv4 address as it is, an IPv6 address by its
 * /64. One IPv6 subscriber (a household, a phone) is given a whole /64 and can take a new
 * address in it at will, so counting per address would hand them billions of buckets.
 */
export function rateLimitBucket(ip: string | undefined): string {
  if (ip === undefined) return UNKNOWN_BUCKET;
  const bytes = addressBytes(ip);
  if (!bytes) return ip;
  return bytes.length === 4 ? ipv4Text(bytes) : `${ipv6Slash64(bytes)}::/64`;
}

function forwardedEntries(headers: Pick<Headers, 'get'>): string[] {
  return (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map(plainAddress)
    .filter((entry) => entry !== '')
    .reverse();
}

/** The walk past the listed proxies; `nearestFirst` is the header read from the right. */
function pastTrustedProxies(socket: string | undefined, nearestFirst: string[], proxies: TrustedProxies): string | undefined {
  const hops = socket === undefined ? nearestFirst : [socket, ...nearestFirst];
  const first = hops[0];
  if (first === undefined || !isIpAddress(first)) return undefined;
  let chosen = first;
  for (const hop of hops.slice(1)) {
    if (!proxies.includes(chosen) || !isIpAddress(hop)) break;
    chosen = hop;
  }
  return chosen;
}

/**
 * The buyer's address, or undefined when the runtime gave no socket address and no trusted
 * header names one.
 */
export function buyerIp(headers: Pick<Headers, 'get'>, socketAddress: string | undefined, trustProxy: ProxyTrust): string | undefined {
  const plainSocket = socketAddress === undefined ? undefined : plainAddress(socketAddress);
  const socket = plainSocket && isIpAddress(plainSocket) ? plainSocket : undefined;
  if (trustProxy === false || trustProxy === 0) return socket;
  if (typeof trustProxy === 'object') {
    const proxies = Array.isArray(trustProxy) ? parseTrustedProxies(trustProxy as readonly string[]) : (trustProxy as TrustedProxies);
    return pastTrustedProxies(socket, forwardedEntries(headers), proxies);
  }
  const hops: (string | undefined)[] = [socket, ...forwardedEntries(headers)];
  const steps = trustProxy === true ? hops.length - 1 : Math.min(trustProxy, hops.length - 1);
  let chosen = hops[0];
  for (let index = 1; index <= steps; index += 1) {
    const hop = hops[index]!;
    if (!isIpAddress(hop)) break;
    chosen = hop;
  }
  return chosen;
}
