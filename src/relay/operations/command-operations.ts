/**
 * What `pay-checkout relay` sets up for its operator from its flags: the logger, the metrics
 * and their own port. pino and prom-client are loaded only when a flag asks for them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../http/node-listener.js';
import { errorResponse, RelayError } from '../errors.js';
import type { OperationsFlags } from './command-flags.js';
import { createRelayLogger, type RelayLogger } from './logger.js';
import { createRelayMetrics, type RelayMetrics } from './metrics.js';

export interface CommandOperations {
  logger: RelayLogger | undefined;
  metrics: RelayMetrics | undefined;
  /** Opens the metrics port, when asked; answers its URL. */
  listen(host: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export async function commandOperations(flags: OperationsFlags): Promise<CommandOperations> {
  const logger =
    flags.logFormat === undefined ? undefined : await createRelayLogger({ format: flags.logFormat, ...(flags.logLevel ? { level: flags.logLevel } : {}) });
  const metrics = flags.metricsPort === undefined ? undefined : await createRelayMetrics();
  let server: ReturnType<typeof createServer> | undefined;
  return {
    logger,
    metrics,
    async listen(host) {
      if (!metrics || flags.metricsPort === undefined) return undefined;
      server = createServer(
        toNodeListener(async (request) => {
          const { pathname } = new URL(request.url);
          if (pathname !== '/metrics') return errorResponse(new RelayError(404, 'not_found', 'No such route.'));
          return metrics.fetch(request);
        }),
      );
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(flags.metricsPort, host, () => resolve());
      });
      const { port } = listening.address() as AddressInfo;
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`;
    },
    async close() {
      if (!server) return;
      const closing = server;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
