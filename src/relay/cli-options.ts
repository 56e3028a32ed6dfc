/**
 * The arguments of `pay-checkout relay`: reading them (secrets may also come from the
 * environment, which keeps them out of the process list) and the help text.
 */
import { parseArgs } from 'node:util';
import { parsePort } from '../http/listen-address.js';
import { OPERATIONS_ARGS, operationsUsage, parseOperationsFlags, type OperationsFlags } from './operations/command-flags.js';

export const DEFAULT_RELAY_PORT = 4020;
export const DEFAULT_RELAY_HOST = '127.0.0.1';
/** Environment variables read when the matching option is not given. */
export const CLIENT_SECRET_ENV = 'PAY_CHECKOUT_CLIENT_SECRET';
export const WEBHOOK_SECRET_ENV = 'PAY_CHECKOUT_WEBHOOK_SECRET';

export interface RelayCommandOptions {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  publicClientId: string;
  offers: string[];
  port: number;
  host: string;
  redisUrl: string | undefined;
  allowedOrigins: string[];
  webhookSecret: string | undefined;
  trustProxy: boolean | number | string[];
  basePath: string;
  operations: OperationsFlags;
  /** Use the sandbox's anti-fraud profiler and 3-D Secure at `--api`, so cards can be paid. */
  sandboxProviders: boolean;
}

export type RelayArgumentsParse =
  | { ok: true; help: true }
  | { ok: true; help: false; options: RelayCommandOptions }
  | { ok: false; message: string };

/** The command's help text, one line per entry. */
export function relayUsage(): string[] {
  return [
    'Usage: pay-checkout relay --api URL --client-id ID --client-secret SECRET --public-client-id ID --offers A,B [options]',
    '',
    'Runs the merchant relay the checkout widget talks to, and prints its URL.',
    '',
    'Required:',
    '  --api URL                 the API origin (without /public_api), e.g. the sandbox URL',
    '  --client-id ID            secret API key id',
    `  --client-secret SECRET    secret API key secret (or env ${CLIENT_SECRET_ENV})`,
    '  --public-client-id ID     public card-tokenization client id (sent to browsers)',
    '  --offers A,B              offer ids that may be sold (comma-separated)',
    '',
    'Options:',
    `  --port PORT               TCP port (default ${DEFAULT_RELAY_PORT}; 0 picks a free port)`,
    `  --host HOST               address to listen on (default ${DEFAULT_RELAY_HOST})`,
    '  --redis URL               share state through Redis (redis://host:port), for several instances',
    '  --allowed-origin ORIGIN   a browser origin allowed to call it (repeatable or comma-separated)',
    `  --webhook-secret SECRET   the webhook secret; enables POST webhooks (or env ${WEBHOOK_SECRET_ENV})`,
    '  --trust-proxy LIST|N|true believe X-Forwarded-For from these proxies (addresses, CIDR ranges,',
    '                            comma-separated), or N proxies away (true: all); default: no',
    '  --base-path PATH          where the routes live, e.g. /api/pay (default: /)',
    ...operationsUsage(),
    '  --sandbox-providers       use the sandbox\'s anti-fraud profiler, 3-D Secure and CEP table at --api (cards need them)',
    '  -h, --help                show this help',
    '',
    `Secrets in the environment (${CLIENT_SECRET_ENV}, ${WEBHOOK_SECRET_ENV}) stay out of the process list;`,
    'an option given on the command line wins over the environment.',
  ];
}

/**
 * `false`, `true`, a number of proxies, or the proxies' addresses and CIDR ranges separated by
 * commas (the option's safest form); each address is checked by `createRelay`, which names a bad one.
 */
function parseTrustProxy(text: string | undefined): boolean | number | string[] | undefined {
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d{1,3}$/.test(text)) return Number(text);
  const proxies = commaList([text]);
  return proxies.length > 0 && proxies.every((proxy) => /^[\d.:a-f/]+$/i.test(proxy)) ? proxies : undefined;
}

function commaList(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(',')).map((item) => item.trim()).filter((item) => item !== '');
}

function readArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: false,
    options: {
      api: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'public-client-id': { type: 'string' },
      offers: { type: 'string', multiple: true },
      port: { type: 'string' },
      host: { type: 'string' },
      redis: { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'webhook-secret': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'base-path': { type: 'string' },
      'sandbox-providers': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      ...OPERATIONS_ARGS,
    },
  });
}

/**
 * Reads the command's arguments, taking the secrets from `env` when not given. A problem
 * comes back as one message naming the option; the options themselves are checked again,
 * more deeply, by `createRelay`.
 */
export function parseRelayArguments(args: readonly string[], env: Readonly<Record<string, string | undefined>>): RelayArgumentsParse {
  let values: ReturnType<typeof readArgs>['values'];
  try {
    values = readArgs(args).values;
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  if (values.help) return { ok: true, help: true };
  const clientSecret = values['client-secret'] ?? (env[CLIENT_SECRET_ENV] || undefined);
  const required: [string, string | undefined][] = [
    ['--api', values.api],
    ['--client-id', values['client-id']],
    [`--client-secret (or ${CLIENT_SECRET_ENV})`, clientSecret],
    ['--public-client-id', values['public-client-id']],
  ];
  const missing = required.find(([, value]) => value === undefined || value.trim() === '');
  if (missing) return { ok: false, message: `${missing[0]} is required.` };
  const offers = commaList(values.offers ?? []);
  if (offers.length === 0) return { ok: false, message: '--offers is required: the offer ids that may be sold, comma-separated.' };
  const port = parsePort(values.port ?? String(DEFAULT_RELAY_PORT));
  if (port === undefined) return { ok: false, message: `--port "${values.port}": expected a whole number from 0 to 65535.` };
  const trustProxy = parseTrustProxy(values['trust-proxy']);
  if (trustProxy === undefined) return { ok: false, message: `--trust-proxy "${values['trust-proxy']}": expected your proxies' addresses or CIDR ranges (comma-separated), a number of proxies, true or false.` };
  const operations = parseOperationsFlags(values);
  if (!operations.ok) return operations;
  return {
    ok: true,
    help: false,
    options: {
      apiBaseUrl: values.api!,
      clientId: values['client-id']!,
      clientSecret: clientSecret!,
      publicClientId: values['public-client-id']!,
      offers,
      port,
      host: values.host ?? DEFAULT_RELAY_HOST,
      redisUrl: values.redis,
      allowedOrigins: commaList(values['allowed-origin'] ?? []),
      webhookSecret: values['webhook-secret'] ?? (env[WEBHOOK_SECRET_ENV] || undefined),
      trustProxy,
      basePath: values['base-path'] ?? '',
      operations: operations.flags,
      sandboxProviders: values['sandbox-providers'] ?? false,
    },
  };
}
