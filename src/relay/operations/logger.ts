/**
 * `createRelayLogger()`: one JSON line per event through pino (an optional peer dependency,
 * loaded here and only here), or the same events made readable by pino-pretty. Every field
 * and every message goes through the redactor (redaction.ts) before pino sees it, so no
 * format, level or sink can write a secret or card data.
 *
 * Lines (`msg`, then fields; every line about a request has `requestId`):
 * `request` (info; warn for a 5xx), `charge`, `webhook` (warn when unconfirmed), `upstream`
 * (debug; warn for a 5xx or no answer), `queued` (debug), `store failed` (warn), `failure`
 * (error: what `onError` gets) and the relay's own life (`draining`, `drained`).
 */
import { loadOptionalPeer } from './optional-peer.js';
import type { RelayObserver } from './observer.js';
import { createRedactor } from './redaction.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogDestination {
  write(line: string): unknown;
}

export interface RelayLoggerOptions {
  /** `json` (default): one JSON object a line, for a log shipper; `pretty`: for a person. */
  format?: LogFormat;
  /** Default `info`. */
  level?: LogLevel;
  /** Where lines go; default standard error (standard output stays the command's own). */
  destination?: LogDestination;
}

export interface RelayLogger extends RelayObserver {
  /** Secrets to take out of every line wherever they appear; the relay hands its own when made. */
  redactSecrets(secrets: readonly (string | undefined)[]): void;
}

type Fields = Record<string, unknown>;
type Level = Exclude<LogLevel, 'silent'>;

/** Loads pino (and pino-pretty for `pretty`) and makes the logger; rejects with an install hint when missing. */
export async function createRelayLogger(options: RelayLoggerOptions = {}): Promise<RelayLogger> {
  const format = options.format ?? 'json';
  const level = options.level ?? 'info';
  if (!LOG_FORMATS.includes(format)) throw new TypeError(`createRelayLogger: format must be one of ${LOG_FORMATS.join(', ')}.`);
  if (!LOG_LEVELS.includes(level)) throw new TypeError(`createRelayLogger: level must be one of ${LOG_LEVELS.join(', ')}.`);
  const pino = await loadOptionalPeer('pino', 'createRelayLogger', async () => (await import('pino')).pino);
  const sink: LogDestination = options.destination ?? process.stderr;
  let destination: LogDestination = sink;
  if (format === 'pretty') {
    const { prettyFactory } = await loadOptionalPeer('pino-pretty', 'createRelayLogger({ format: "pretty" })', async () => (await import('pino-pretty')).default);
    const pretty = prettyFactory({ colorize: false, translateTime: 'SYS:standard', ignore: 'pid,hostname,name' });
    destination = { write: (line: string) => sink.write(pretty(line)) };
  }
  const log = pino(
    { name: 'pay-checkout-relay', level, timestamp: pino.stdTimeFunctions.isoTime, base: { pid: process.pid } },
    destination as Parameters<typeof pino>[1],
  );
  let redact = createRedactor([]);

  function write(at: Level, message: string, fields: Fields = {}): void {
    if (!log.isLevelEnabled(at)) return;
    log[at](redact(fields) as Fields, redact(message) as string);
  }

  return {
    redactSecrets(secrets) {
      redact = createRedactor(secrets);
    },
    request(event) {
      write(event.status >= 500 ? 'warn' : 'info', 'request', { ...event });
    },
    charge: (event) => write('info', 'charge', { ...event }),
    upstream(event) {
      write(event.status === 0 || event.status >= 500 ? 'warn' : 'debug', 'upstream', { ...event });
    },
    queued(event) {
      if (event.waitMs > 0) write('debug', 'queued', { ...event });
    },
    webhook: (result, requestId) => write(result === 'unconfirmed' ? 'warn' : 'info', 'webhook', { result, requestId }),
    store(event) {
      if (event.failed) write('warn', 'store failed', { ...event });
    },
    error(error, requestId) {
      const cause = error instanceof Error ? error.cause : undefined;
      // `error`, not pino's `err`: its serializer would rebuild the object after redaction.
      write('error', 'failure', { requestId, error, ...(cause === undefined ? {} : { cause }) });
    },
    lifecycle: (message) => write('info', message),
  };
}
