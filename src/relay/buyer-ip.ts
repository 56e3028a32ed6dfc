/**
 * The buyer's IP address, which goes into `customer.ip` (the API would otherwise take the
 * relay's own address: public-api.md, `customer.ip` "defaults to the request's origin IP")
 * and keys the per-buyer rate limit.
 *
 * `X-Forwarded-For` is written by whoever sends the request, so it is believed only as far as
 * the merchant says proxies stand in front of the relay. Each proxy appends the address it got
 * the request from, so the list read from the right, after the socket address, walks back
 * toward the buyer:
 * - `false` (default): the socket address; the header is ignored.
 * - `N` (a number): the address N steps back (1: the rightmost entry, added by the one proxy
 *   the merchant runs). Entries left of it could be forged by the buyer and are ignored.
 * - `true`: every proxy is trusted, so the leftmost entry is the buyer.
 * An entry that is not an IP address stops the walk at the last good one.
 */
import * as z from 'zod/mini';

const ipAddress = z.union([z.ipv4(), z.ipv6()]);

/** The address without an IPv4-mapped IPv6 prefix (`::ffff:203.0.113.9` is 203.0.113.9). */
function plainAddress(text: string): string {
  const trimmed = text.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice('::ffff:'.length) : trimmed;
}

/** True for an IPv4 or IPv6 address, as the contract's `customer.ip` takes it. */
export function isIpAddress(text: string): boolean {
  return ipAddress.safeParse(text).success;
}

/**
 * The buyer's address, or undefined when the runtime gave no socket address and no trusted
 * header names one.
 */
export function buyerIp(headers: Headers, socketAddress: string | undefined, trustProxy: boolean | number): string | undefined {
  const socket = socketAddress === undefined ? undefined : plainAddress(socketAddress);
  const hops: (string | undefined)[] = [socket && isIpAddress(socket) ? socket : undefined];
  if (trustProxy !== false && trustProxy !== 0) {
    const forwarded = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map(plainAddress)
      .filter((entry) => entry !== '');
    hops.push(...forwarded.reverse());
  }
  const steps = trustProxy === true ? hops.length - 1 : trustProxy === false ? 0 : Math.min(trustProxy, hops.length - 1);
  let chosen = hops[0];
  for (let index = 1; index <= steps; index += 1) {
    const hop = hops[index]!;
    if (!isIpAddress(hop)) break;
    chosen = hop;
  }
  return chosen;
}
