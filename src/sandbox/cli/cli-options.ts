/**
 * The arguments of `pay-checkout sandbox`: reading them, putting the `--key` and
 * `--public-key` credentials into the fixture, and the lines printed at start.
 */
import { parseArgs } from 'node:util';
import { parseScopes, type Scope } from '../../contract/auth.js';
import { parseHost, parsePort } from '../../http/listen-address.js';
import type { SandboxFixture } from '../world/state.js';

/** Where the sandbox listens unless told otherwise (the command and `serveSandbox`). */
export const DEFAULT_SANDBOX_PORT = 4010;
export const DEFAULT_SANDBOX_HOST = '127.0.0.1';

/** A secret key given with `--key ID:SECRET:SCOPES`. */
export interface KeyArgument {
  clientId: string;
  clientSecret: string;
  scopes: Scope[];
}

/** The public card-tokenization key given with `--public-key ID:SCOPES`. */
export interface PublicKeyArgument {
  clientId: string;
  scopes: Scope[];
}

export interface SandboxCommandOptions {
  port: number;
  host: string;
  /** Secret keys that replace the fixture's; empty keeps the fixture's keys. */
  keys: KeyArgument[];
  publicKey: PublicKeyArgument | undefined;
  fixtureFile: string | undefined;
  help: boolean;
}

export type SandboxArgumentsParse = { ok: true; options: SandboxCommandOptions } | { ok: false; message: string };

/** The command's help text, one line per entry. */
export function sandboxUsage(): string[] {
  return [
    'Usage: pay-checkout sandbox [options]',
    '',
    'Starts a local stand-in of the Public API and prints its base URL.',
    '',
    'Options:',
    `  --port PORT               TCP port (default ${DEFAULT_SANDBOX_PORT}; 0 picks a free port)`,
    `  --host HOST               address to listen on (default ${DEFAULT_SANDBOX_HOST})`,
    '  --key ID:SECRET:SCOPES    a secret API key; repeatable; replaces the default keys.',
    '                            SCOPES: comma-separated, or space-separated inside quotes',
    '  --public-key ID:SCOPES    the public card-tokenization key (replaces sandbox-public)',
    '  --fixture FILE            a JSON world that replaces the default fixture',
    '  -h, --help                show this help',
    '',
    'Credentials, test cards and test controls: docs/sandbox.md',
  ];
}

/** The scopes part of `--key`/`--public-key`; an unknown scope is named with the argument it came in. */
function scopesOf(option: string, argument: string, text: string): Scope[] {
  let scopes: Scope[];
  try {
    scopes = parseScopes(text);
  } catch (error) {
    throw new Error(`${option} "${argument}": ${(error as Error).message}`);
  }
  if (scopes.length === 0) throw new Error(`${option} "${argument}": give at least one scope.`);
  return scopes;
}

/**
 * `ID:SECRET:SCOPES`. The id ends at the first colon and the scopes start after the last
 * one (no scope has a colon), so a secret may itself contain colons.
 * Throws an `Error` whose message names the problem.
 */
export function parseKeyArgument(text: string): KeyArgument {
  const first = text.indexOf(':');
  const last = text.lastIndexOf(':');
  if (first <= 0 || last === first) throw new Error(`--key "${text}": expected ID:SECRET:SCOPES.`);
  const clientSecret = text.slice(first + 1, last);
  if (clientSecret === '') throw new Error(`--key "${text}": the secret is empty.`);
  return { clientId: text.slice(0, first), clientSecret, scopes: scopesOf('--key', text, text.slice(last + 1)) };
}

/** `ID:SCOPES`; throws an `Error` whose message names the problem. */
export function parsePublicKeyArgument(text: string): PublicKeyArgument {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new Error(`--public-key "${text}": expected ID:SCOPES.`);
  return { clientId: text.slice(0, colon), scopes: scopesOf('--public-key', text, text.slice(colon + 1)) };
}

/** Reads the command's arguments; a problem comes back as one message (the caller adds the usage). */
export function parseSandboxArguments(args: readonly string[]): SandboxArgumentsParse {
  let values: ReturnType<typeof readArgs>['values'];
  try {
    values = readArgs(args).values;
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const port = parsePort(values.port ?? String(DEFAULT_SANDBOX_PORT));
  if (port === undefined) return { ok: false, message: `--port "${values.port}": expected a whole number from 0 to 65535.` };
  const host = parseHost(values.host ?? DEFAULT_SANDBOX_HOST);
  if (host === undefined) return { ok: false, message: `--host "${values.host}": expected an IP address or a host name.` };
  if (values.fixture === '') return { ok: false, message: '--fixture: the file name is empty.' };
  try {
    const keys = (values.key ?? []).map(parseKeyArgument);
    const repeated = keys.find((key, index) => keys.findIndex((other) => other.clientId === key.clientId) !== index);
    if (repeated) return { ok: false, message: `--key: the id "${repeated.clientId}" is given twice.` };
    const publicKey = values['public-key'] === undefined ? undefined : parsePublicKeyArgument(values['public-key']);
    return { ok: true, options: { port, host, keys, publicKey, fixtureFile: values.fixture, help: values.help ?? false } };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

function readArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      key: { type: 'string', multiple: true },
      'public-key': { type: 'string' },
      fixture: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/**
 * The fixture with the command's credentials: `--key` keys replace every secret key and
 * `--public-key` replaces the public keys. Both belong to the fixture's first account
 * (`acc_main` in the default fixture), the account a single-merchant test works with.
 */
export function withCommandKeys(fixture: SandboxFixture, options: Pick<SandboxCommandOptions, 'keys' | 'publicKey'>): SandboxFixture {
  const accountId = fixture.accounts[0]!.id;
  return {
    ...fixture,
    apiKeys: options.keys.length > 0 ? options.keys.map((key) => ({ ...key, accountId })) : fixture.apiKeys,
    publicKeys: options.publicKey ? [{ ...options.publicKey, accountId }] : fixture.publicKeys,
  };
}

/**
 * What the command prints once listening: the base URL on the first line (scripts read
 * it), then the credentials the user did not give on the command line.
 */
export function startBanner(url: string, fixture: SandboxFixture, options: Pick<SandboxCommandOptions, 'keys' | 'publicKey'>): string[] {
  const lines = [`pay-checkout sandbox listening on ${url}`];
  const secretKey = fixture.apiKeys[0];
  if (options.keys.length === 0 && secretKey) {
    lines.push(`  secret key: client_id ${secretKey.clientId}  client_secret ${secretKey.clientSecret}  scopes ${secretKey.scopes.join(' ')}`);
  }
  const publicKey = fixture.publicKeys[0];
  if (!options.publicKey && publicKey) {
    lines.push(`  public key: X-client-id ${publicKey.clientId}  scopes ${publicKey.scopes.join(' ')}`);
  }
  lines.push('  test keys, cards and controls: docs/sandbox.md');
  return lines;
}
