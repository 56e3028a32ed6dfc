/**
 * The operating flags of `pay-checkout relay`: the log format and level, the metrics port and
 * the stop's grace period. Read here so the command's other options stay where they are.
 */
import { parsePort } from '../../http/listen-address.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './logger.js';

/** Default wait between `readyz` turning 503 and the event streams being ended, at SIGTERM. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;

export interface OperationsFlags {
  /** Absent: no structured logs (failures still go to standard error as one line each). */
  logFormat: LogFormat | undefined;
  logLevel: LogLevel | undefined;
  metricsPort: number | undefined;
  shutdownGraceMs: number;
}

/** The `parseArgs` declarations of these flags. */
export const OPERATIONS_ARGS = {
  'log-format': { type: 'string' },
  'log-level': { type: 'string' },
  'metrics-port': { type: 'string' },
  'shutdown-grace': { type: 'string' },
} as const;

export function operationsUsage(): string[] {
  return [
    `  --log-format ${LOG_FORMATS.join('|')}    structured logs on standard error: json (one object a line) or pretty`,
    `  --log-level LEVEL         ${LOG_LEVELS.join(', ')} (default info; implies --log-format json)`,
    '  --metrics-port PORT       serve Prometheus metrics at GET /metrics on this port (same --host)',
    `  --shutdown-grace MS       at SIGTERM, readyz answers 503 this long before streams end (default ${DEFAULT_SHUTDOWN_GRACE_MS})`,
  ];
}

type Values = Partial<Record<keyof typeof OPERATIONS_ARGS, string>>;

/** The flags, or a message naming the bad one. */
export function parseOperationsFlags(values: Values): { ok: true; flags: OperationsFlags } | { ok: false; message: string } {
  const logFormat = values['log-format'] ?? (values['log-level'] === undefined ? undefined : 'json');
  if (logFormat !== undefined && !LOG_FORMATS.includes(logFormat as LogFormat)) {
    return { ok: false, message: `--log-format "${logFormat}": expected ${LOG_FORMATS.join(' or ')}.` };
  }
  const logLevel = values['log-level'];
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel as LogLevel)) {
    return { ok: false, message: `--log-level "${logLevel}": expected one of ${LOG_LEVELS.join(', ')}.` };
  }
  const metricsPort = values['metrics-port'] === undefined ? undefined : parsePort(values['metrics-port']);
  if (values['metrics-port'] !== undefined && metricsPort === undefined) {
    return { ok: false, message: `--metrics-port "${values['metrics-port']}": expected a whole number from 0 to 65535.` };
  }
  const grace = values['shutdown-grace'];
  if (grace !== undefined && !/^\d{1,7}$/.test(grace)) return { ok: false, message: `--shutdown-grace "${grace}": expected milliseconds (0 or more).` };
  return {
    ok: true,
    flags: {
      logFormat: logFormat as LogFormat | undefined,
      logLevel: logLevel as LogLevel | undefined,
      metricsPort,
      shutdownGraceMs: grace === undefined ? DEFAULT_SHUTDOWN_GRACE_MS : Number(grace),
    },
  };
}
