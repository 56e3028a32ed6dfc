/**
 * Faults on the widget's side of the relay: what the buyer's network and a proxy or CDN in
 * front of the merchant's relay do to `POST charges`. The connection drops before the relay
 * sees the request, or after the relay made the order (the answer lost, or cut off mid-body);
 * the proxy answers an HTML 502, a plain-text 503 or a 429 with `Retry-After` without asking
 * the relay; or the relay takes longer than the proxy's read timeout, which answers 504 while
 * the relay works on and makes the order anyway; or the connection stalls with no answer at all,
 * until the widget's own time limit (src/widget/checkout/relay-connection.ts) drops it, while the
 * request still reaches the relay later and is charged.
 */
import { waitFor } from '../../src/client/abortable-wait.js';

/** What a fault does to one request; `send` hands it to the relay, `random` is the buyer's. */
type FaultAction = (send: () => Promise<Response>, signal: AbortSignal | undefined, random: () => number) => Promise<Response>;

interface RelayLegFault {
  kind: string;
  /** Chance that a request meets this fault; the kinds exclude one another. */
  probability: number;
  act: FaultAction;
}

export interface RelayLegSettings {
  /** The proxy's read timeout: how long it waits for the relay before answering 504. */
  proxyTimeoutMs: number;
  /** The widget's time limit on a relay call (`RelayConnection`'s `timeoutMs`). */
  widgetTimeoutMs: number;
  /** The seconds the proxy's 429 asks for. */
  retryAfterSeconds: number;
}

/** What `fetch` rejects with when the connection goes away, as undici and browsers do. */
function connectionLost(): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
}

function proxyPage(status: number, title: string): Response {
  const body = `<!doctype html><html><head><title>${status} ${title}</title></head><body><h1>${status} ${title}</h1><hr>nginx</body></html>`;
  return new Response(body, { status, headers: { 'Content-Type': 'text/html' } });
}

/** The relay's answer with its status and headers, whose body breaks off halfway as a reset connection does. */
async function cutMidBody(response: Response): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)));
      controller.error(new TypeError('terminated', { cause: connectionLost().cause }));
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** A wait that ends only when `signal` aborts, rejecting as `fetch` does then. */
function stallUntilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (!signal) throw new Error('a stalled request needs the widget to have a time limit');
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function relayLegFaults({ proxyTimeoutMs, widgetTimeoutMs, retryAfterSeconds }: RelayLegSettings, keepWorking: (work: Promise<Response>) => void): RelayLegFault[] {
  return [
    {
      kind: 'dropped before the relay',
      probability: 0.04,
      act: () => Promise.reject(connectionLost()),
    },
    {
      kind: 'answer lost after the relay',
      probability: 0.04,
      act: async (send) => {
        await send();
        throw connectionLost();
      },
    },
    {
      kind: 'answer cut mid-body',
      probability: 0.03,
      act: async (send) => cutMidBody(await send()),
    },
    {
      kind: 'proxy 502 html',
      probability: 0.03,
      act: async () => proxyPage(502, 'Bad Gateway'),
    },
    {
      kind: 'proxy 503 text',
      probability: 0.03,
      act: async () => new Response('Service Unavailable', { status: 503, headers: { 'Content-Type': 'text/plain' } }),
    },
    {
      kind: `proxy 429 text Retry-After ${retryAfterSeconds}`,
      probability: 0.03,
      act: async () =>
        new Response('Too Many Requests', { status: 429, headers: { 'Content-Type': 'text/plain', 'Retry-After': String(retryAfterSeconds) } }),
    },
    {
      kind: 'relay past the proxy timeout, 504 html',
      probability: 0.03,
      act: async (send, signal, random) => {
        // The request waits in the busy relay's queue for one to two times the proxy's patience,
        // and is charged whatever the proxy answered meanwhile: the widget's next try may
        // overtake it. A buyer who leaves ends only their own wait.
        keepWorking(waitFor(proxyTimeoutMs * (1 + random())).then(send));
        await waitFor(proxyTimeoutMs, signal);
        return proxyPage(504, 'Gateway Time-out');
      },
    },
    {
      kind: 'stalled past the widget timeout',
      probability: 0.02,
      act: async (send, signal, random) => {
        // No proxy answers: only the widget's own limit ends the wait. The request crawls on and
        // reaches the relay after it, so the try the buyer makes next may overtake it.
        keepWorking(waitFor(widgetTimeoutMs * (1 + random())).then(send));
        return stallUntilAborted(signal);
      },
    },
  ];
}

/** Faults between the widget and the relay, and what they did. */
export interface FaultyRelayLeg {
  /** One buyer's `fetch` of `relay`, with the faults between them drawn from `random`, one draw per request. */
  between(relay: typeof fetch, random: () => number): typeof fetch;
  /** Firings by fault kind. */
  fired: Record<string, number>;
  /** Requests the relay got, the ones whose answer reached no one included. */
  reachedRelay(): number;
  /** Ends the faults: requests go straight to the relay from now on. */
  stop(): void;
  /** Resolves once the relay finished every request the widget no longer waits for. */
  settled(): Promise<void>;
  /** What those requests rejected with; the relay answers errors, it never throws them. */
  relayThrew: unknown[];
}

/** The faults, firing each with its probability (most requests meet none). */
export function faultyRelayLeg(settings: RelayLegSettings): FaultyRelayLeg {
  const abandoned = new Set<Promise<unknown>>();
  const relayThrew: unknown[] = [];
  const faults = relayLegFaults(settings, (work) => {
    const settling = work.then(
      () => undefined,
      (error: unknown) => {
        relayThrew.push(error);
      },
    );
    abandoned.add(settling);
    void settling.then(() => abandoned.delete(settling));
  });
  const drawFault = (roll: number) => faults.find(({ probability }) => (roll -= probability) < 0);
  const fired = Object.fromEntries(faults.map(({ kind }) => [kind, 0]));
  let reached = 0;
  let active = true;
  return {
    fired,
    relayThrew,
    reachedRelay: () => reached,
    stop: () => {
      active = false;
    },
    async settled() {
      while (abandoned.size > 0) await Promise.all(abandoned);
    },
    between: (relay, random) => (input, init) => {
      const send = () => {
        reached += 1;
        return relay(input, init);
      };
      const fault = active ? drawFault(random()) : undefined;
      if (!fault) return send();
      fired[fault.kind]! += 1;
      return fault.act(send, init?.signal ?? undefined, random);
    },
  };
}
