/**
 * HTTP the way hostile or careless clients speak it, for the tests of the Node listeners:
 * raw bytes on a socket (methods and headers `fetch` refuses to send), requests that share one
 * keep-alive connection through Node's own agent, and a body that trickles in.
 */
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** Everything the server sent, as Latin-1 text. */
  text: string;
  /** The status of the first answer; 0 when none came. */
  status: number;
  /** The first answer's headers, names in lower case. */
  headers: Record<string, string>;
  /** The first answer's body (by its `Content-Length`, or its chunks), as UTF-8 text. */
  body: string;
  /** True when the server closed the connection before the exchange ended. */
  closedByServer: boolean;
  /** A socket error (`ECONNRESET`), if one came. */
  error: string | undefined;
}

function parseFirstAnswer(text: string): Pick<RawExchange, 'status' | 'headers' | 'body'> {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '' };
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  const rest = text.slice(end + 4);
  if (headers['transfer-encoding'] !== 'chunked') return { status, headers, body: rest.slice(0, Number(headers['content-length'] ?? '0')) };
  let body = '';
  let position = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', position);
    const size = lineEnd < 0 ? 0 : parseInt(rest.slice(position, lineEnd), 16);
    if (!(size > 0)) break;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    position = lineEnd + 2 + size + 2;
  }
  return { status, headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

/** True once `text` holds a whole first answer. */
function holdsWholeAnswer(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const { headers } = parseFirstAnswer(text);
  if (headers['transfer-encoding'] === 'chunked') return /(?:^|\r\n)0\r\n\r\n/.test(text.slice(end + 4));
  return Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(headers['content-length'] ?? '0');
}

/**
 * Writes `chunks` on a new connection to `port` (a number in `chunks` is a pause in
 * milliseconds) and reads until the first answer is whole, or with `untilClose` until the
 * server closes the connection; at most `waitMs`.
 */
export function rawExchange(
  port: number,
  chunks: readonly (string | Buffer | number)[],
  { waitMs = 2_000, untilClose = false }: { waitMs?: number; untilClose?: boolean } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | undefined;
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      resolve({ text, ...parseFirstAnswer(text), closedByServer, error });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (!untilClose && holdsWholeAnswer(Buffer.concat(received).toString('latin1'))) finish(false);
    });
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.on('close', () => finish(true));
    void (async () => {
      for (const chunk of chunks) {
        if (settled || socket.destroyed) return;
        if (typeof chunk === 'number') await new Promise((resume) => setTimeout(resume, chunk));
        else socket.write(chunk);
      }
    })();
  });
}

export interface AgentRequest {
  method: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
}

export interface AgentAnswer {
  status: number;
  /** The answer's `Connection` header. */
  connectionHeader: string | undefined;
  body: string;
  /** Which connection carried it: 1 for the agent's first socket, 2 for its second, and so on. */
  connection: number;
  /** The client's error (`ECONNRESET`, `EPIPE`) when the request failed. */
  error: string | undefined;
}

/**
 * Sends `requests` one after the other through one keep-alive agent with a single socket, as a
 * proxy that pools its connections to the server would, and answers what each got.
 */
export async function sendOnOneConnection(origin: string, requests: readonly AgentRequest[]): Promise<AgentAnswer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const connections = new Map<Socket, number>();
  const answers: AgentAnswer[] = [];
  try {
    for (const { method, path, headers = {}, body } of requests) {
      answers.push(
        await new Promise<AgentAnswer>((resolve) => {
          let connection = 0;
          const outgoing = httpRequest(`${origin}${path}`, { method, headers, agent }, (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            const answer = { status: incoming.statusCode ?? 0, connectionHeader: incoming.headers.connection, connection };
            incoming.on('end', () => resolve({ ...answer, body: Buffer.concat(chunks).toString('utf8'), error: undefined }));
            incoming.on('error', (error: NodeJS.ErrnoException) => resolve({ ...answer, body: '', error: error.code ?? error.message }));
          });
          outgoing.on('socket', (socket: Socket) => {
            if (!connections.has(socket)) connections.set(socket, connections.size + 1);
            connection = connections.get(socket)!;
          });
          outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, connectionHeader: undefined, body: '', connection, error: error.code ?? error.message }));
          outgoing.end(body);
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  return answers;
}

/** A JSON body of about `bytes` bytes. */
export function jsonOfSize(bytes: number): string {
  return JSON.stringify({ filler: 'x'.repeat(Math.max(0, bytes - 14)) });
}
