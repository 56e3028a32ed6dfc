/** Reading the `--port` and `--host` of the package's server commands. */
import { isIP } from 'node:net';

/** A TCP port 0–65535 written in decimal (0 asks the system for a free one). */
export function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}

// One DNS name (RFC 1123 labels) or an IP address; brackets around IPv6 are allowed.
const HOSTNAME_PATTERN = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** A host name or IP address to listen on, without IPv6 brackets; undefined when malformed. */
export function parseHost(text: string): string | undefined {
  const bare = /^\[(.*)\]$/.exec(text)?.[1] ?? text;
  return isIP(bare) !== 0 || HOSTNAME_PATTERN.test(bare) ? bare : undefined;
}
