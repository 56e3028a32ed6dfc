/**
 * A webhook receiver for sandbox tests: a real HTTP server on 127.0.0.1 (port 0) that keeps
 * every delivery it gets and answers each with the status the test chooses.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  body: { secret: string; event: string; data: Record<string, unknown> };
  contentType: string | undefined;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Resolves once `count` deliveries arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/** `status(n)` answers the n-th delivery (0-based); 200 for every one by default. */
export async function startWebhookReceiver(status: (index: number) => number = () => 200): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')), contentType: request.headers['content-type'] });
      response.writeHead(status(index), { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async waitFor(count, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
