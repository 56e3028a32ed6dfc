/**
 * `createRelayMetrics()`: the relay's counters in the Prometheus text format, through
 * prom-client (an optional peer dependency, loaded here and only here). Pass the result as the
 * relay's `metrics` option and serve `metrics.fetch` where your scraper reaches it: behind your
 * own auth, or on a port of its own (the `relay` command's `--metrics-port`). The widget-facing
 * handler never serves them.
 *
 * The queue is the client's pacing (client/pacing.ts): a request held for a slot under the
 * API's limits. There is no other queue in front of the API, so its wait is the queue wait.
 */
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RelayObserver } from './observer.js';
import { loadOptionalPeer } from './optional-peer.js';

export interface RelayMetricsOptions {
  /** Prefix of every metric name; default `pay_checkout_relay_`. */
  prefix?: string;
  /** Also export Node's process metrics (CPU, memory, event-loop lag); default true. */
  processMetrics?: boolean;
}

export interface RelayMetrics extends RelayObserver {
  /** The prom-client registry holding the relay's metrics, for merging with your own. */
  readonly registry: Registry;
  /** The current values in the text exposition format, as an answer (`Cache-Control: no-store`). */
  fetch(request?: Request): Promise<Response>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const WAIT_BUCKETS = [0, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

/** Loads prom-client and makes the relay's metrics; rejects with an install hint when it is missing. */
export async function createRelayMetrics(options: RelayMetricsOptions = {}): Promise<RelayMetrics> {
  const prom = await loadOptionalPeer('prom-client', 'createRelayMetrics', async () => (await import('prom-client')).default);
  const prefix = options.prefix ?? 'pay_checkout_relay_';
  if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(prefix)) throw new TypeError('createRelayMetrics: prefix must be a Prometheus name such as shop_relay_.');
  const registry = new prom.Registry();
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: L[]): Counter<L> =>
    new prom.Counter({ name: prefix + name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: L[], buckets: number[]): Histogram<L> =>
    new prom.Histogram({ name: prefix + name, help, labelNames, buckets, registers });
  const gauge = (name: string, help: string): Gauge => new prom.Gauge({ name: prefix + name, help, registers });

  const requests = counter('requests_total', 'Requests answered, by route template and status.', ['route', 'status']);
  const charges = counter('charges_total', 'POST charges, by payment method and outcome (order status, or refusal type).', ['method', 'outcome']);
  const refusals = counter('refusals_total', 'Error answers of the relay, by error.type.', ['type']);
  const upstream = counter('upstream_requests_total', 'HTTP exchanges with the API, by endpoint and status (0: no answer).', ['endpoint', 'status']);
  const upstreamSeconds = histogram('upstream_duration_seconds', 'Time of one exchange with the API.', ['endpoint'], LATENCY_BUCKETS);
  const queueLength = gauge('queue_length', 'Requests waiting for a pacing slot under the API limits now.');
  const queueWait = histogram('queue_wait_seconds', 'Pacing wait of a request before it left for the API.', ['request'], WAIT_BUCKETS);
  const webhooks = counter('webhook_deliveries_total', 'Webhook deliveries with the right secret, by result.', ['result']);
  const streams = gauge('event_streams_open', 'Open GET orders/{id}/events streams.');
  const storeOps = counter('store_operations_total', 'Store operations, by operation and result.', ['operation', 'result']);
  const storeSeconds = histogram('store_duration_seconds', 'Time of one store operation.', ['operation'], LATENCY_BUCKETS);
  const errors = counter('errors_total', 'Server-side failures reported to onError.', []);
  if (options.processMetrics !== false) prom.collectDefaultMetrics({ register: registry, prefix });

  return {
    registry,
    async fetch() {
      return new Response(await registry.metrics(), {
        status: 200,
        headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
      });
    },
    request(event) {
      requests.inc({ route: event.route, status: String(event.status) });
      if (event.refusal !== undefined) refusals.inc({ type: event.refusal });
    },
    charge: (event) => charges.inc({ method: event.method, outcome: event.outcome }),
    upstream(event) {
      upstream.inc({ endpoint: event.endpoint, status: String(event.status) });
      upstreamSeconds.observe({ endpoint: event.endpoint }, event.durationMs / 1000);
    },
    queued(event) {
      queueWait.observe({ request: event.request }, event.waitMs / 1000);
      if (event.waitMs <= 0) return undefined;
      queueLength.inc();
      return () => queueLength.dec();
    },
    webhook: (result) => webhooks.inc({ result }),
    streamOpened: () => streams.inc(),
    streamClosed: () => streams.dec(),
    store(event) {
      storeOps.inc({ operation: event.operation, result: event.failed ? 'error' : 'ok' });
      storeSeconds.observe({ operation: event.operation }, event.durationMs / 1000);
    },
    error: () => errors.inc(),
  };
}
