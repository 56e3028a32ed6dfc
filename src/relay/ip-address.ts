/**
 * IP addresses as bytes, for the two questions the relay asks of a buyer's or a proxy's
 * address: is it inside one of the merchant's proxy ranges (`trustProxy`), and which
 * rate-limit bucket is it in. Plain code rather than `node:net`, so the relay's handler runs
 * on any runtime with `fetch`.
 */

/** 4 bytes for IPv4, 16 for IPv6. */
export type AddressBytes = readonly number[];

/** An address with its first `prefix` bits fixed (`10.0.0.0/8`; a single address is /32 or /128). */
export interface AddressRange {
  bytes: AddressBytes;
  prefix: number;
}

const IPV4_PART = /^(0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;
/** `::ffff:0:0/96`: an IPv4 address carried in IPv6 (a dual-stack socket reports IPv4 buyers so). */
const IPV4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => IPV4_PART.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

function ipv6Bytes(text: string): number[] | undefined {
  let hex = text;
  // A dotted IPv4 tail (`::ffff:203.0.113.9`) stands for the last two groups.
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':');
    const tail = ipv4Bytes(text.slice(cut + 1));
    if (cut < 0 || !tail) return undefined;
    hex = `${text.slice(0, cut + 1)}${((tail[0]! << 8) | tail[1]!).toString(16)}:${((tail[2]! << 8) | tail[3]!).toString(16)}`;
  }
  const halves = hex.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(halves[0]!);
  const right = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (![...left, ...right].every((group) => IPV6_GROUP.test(group))) return undefined;
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/**
 * The bytes of an address, IPv4-mapped IPv6 read as the IPv4 address it carries; undefined
 * for anything that is not an address (a zone id such as `fe80::1%eth0` included).
 */
export function addressBytes(text: string): AddressBytes | undefined {
  const trimmed = text.trim();
  const bytes = trimmed.includes(':') ? ipv6Bytes(trimmed) : ipv4Bytes(trimmed);
  if (bytes?.length === 16 && IPV4_MAPPED_PREFIX.every((byte, index) => bytes[index] === byte)) return bytes.slice(12);
  return bytes;
}

/** `address` or `address/prefix`; undefined when it is neither. Bits past the prefix are ignored, as `10.1.2.3/8` means 10.0.0.0/8. */
export function parseAddressRange(text: string): AddressRange | undefined {
  const [address, prefixText, extra] = text.split('/');
  if (extra !== undefined || address === undefined) return undefined;
  const bytes = addressBytes(address);
  if (!bytes) return undefined;
  const bits = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: bits };
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText) || Number(prefixText) > bits) return undefined;
  return { bytes, prefix: Number(prefixText) };
}

/** True when `bytes` is of the range's family and shares its first `prefix` bits. */
export function rangeIncludes(range: AddressRange, bytes: AddressBytes): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const width = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** The first four groups of an IPv6 address, written without leading zeros: `2001:db8:1:2`. */
export function ipv6Slash64(bytes: AddressBytes): string {
  const groups: string[] = [];
  for (let index = 0; index < 8; index += 2) groups.push(((bytes[index]! << 8) | bytes[index + 1]!).toString(16));
  return groups.join(':');
}

/** Dotted IPv4 text of 4 bytes. */
export function ipv4Text(bytes: AddressBytes): string {
  return bytes.join('.');
}
