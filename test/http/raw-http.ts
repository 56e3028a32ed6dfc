/**
 * HTTP the way hostile or careless clients speak it, for the tests of the Node listeners:
 * raw bytes on a socket (methods and headers `fetch` refuses to send), requests that share one
 * keep-alive connection through Node's own agent, and a body that trickles in.
 */
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

/** One answer as read off the wire. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  /** The body (by its `Content-Length`, its chunks, or up to the close), as UTF-8 text. */
  body: string;
}

export interface RawExchange extends RawAnswer {
  /** Everything the server sent, as Latin-1 text. */
  text: string;
  /** True when the server closed the connection before the exchange ended. */
  closedByServer: boolean;
  /** A socket error (`ECONNRESET`), if one came. */
  error: string | undefined;
}

/** The answer at the start of `bytes` and how many bytes it took; undefined while incomplete. */
function parseAnswer(bytes: Buffer, { bodiless, closed }: { bodiless: boolean; closed: boolean }): { answer: RawAnswer; length: number } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  const start = end + 4;
  const answer = (body: Buffer, length: number) => ({ answer: { status, headers, body: body.toString('utf8') }, length });
  // An event stream never ends by itself: its headers are the answer.
  if (bodiless || status === 204 || status === 304 || (status >= 100 && status < 200) || headers['content-type']?.startsWith('text/event-stream')) {
    return answer(Buffer.alloc(0), start);
  }
  if (headers['transfer-encoding'] === 'chunked') {
    const chunks: Buffer[] = [];
    let position = start;
    for (;;) {
      const lineEnd = bytes.indexOf('\r\n', position);
      if (lineEnd < 0) return undefined;
      const size = parseInt(bytes.subarray(position, lineEnd).toString('latin1'), 16);
      if (size === 0) {
        const trailerEnd = bytes.indexOf('\r\n', lineEnd + 2);
        return trailerEnd < 0 ? undefined : answer(Buffer.concat(chunks), trailerEnd + 2);
      }
      if (!(size > 0) || bytes.length < lineEnd + 2 + size + 2) return undefined;
      chunks.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
      position = lineEnd + 2 + size + 2;
    }
  }
  const declared = headers['content-length'];
  if (declared === undefined) return closed ? answer(bytes.subarray(start), bytes.length) : undefined;
  const length = start + Number(declared);
  return bytes.length < length ? undefined : answer(bytes.subarray(start, length), length);
}

/** A client connection that writes raw bytes and reads answers one at a time. */
export interface RawConnection {
  write(data: string | Buffer): void;
  /** Half-closes the client's side, as a client does when it has nothing more to send. */
  end(): void;
  /**
   * The next final answer (interim 1xx answers are skipped), or undefined when the server
   * closed first or `waitMs` passed. `bodiless` for the answer to a HEAD request.
   */
  nextAnswer(options?: { waitMs?: number; bodiless?: boolean }): Promise<RawAnswer | undefined>;
  /** Everything the server sent so far, as Latin-1 text. */
  received(): string;
  readonly closedByServer: boolean;
  readonly error: string | undefined;
  destroy(): void;
}

/** Opens a connection to `port` on loopback. */
export function openRawConnection(port: number): RawConnection {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let all = Buffer.alloc(0);
  let closedByServer = false;
  let error: string | undefined;
  let wake: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    all = Buffer.concat([all, chunk]);
    wake?.();
  });
  socket.on('error', (failure: NodeJS.ErrnoException) => {
    error = failure.code ?? failure.message;
  });
  socket.on('close', () => {
    closedByServer = true;
    wake?.();
  });
  return {
    write: (data) => void (socket.writable && socket.write(data)),
    end: () => void socket.end(),
    async nextAnswer({ waitMs = 2_000, bodiless = false } = {}) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const parsed = parseAnswer(buffer, { bodiless, closed: closedByServer });
        if (parsed) {
          buffer = buffer.subarray(parsed.length);
          if (parsed.answer.status >= 100 && parsed.answer.status < 200) continue;
          return parsed.answer;
        }
        const left = deadline - Date.now();
        if (closedByServer || left <= 0) return undefined;
        await new Promise<void>((resume) => {
          const timer = setTimeout(resume, left);
          wake = () => {
            clearTimeout(timer);
            resume();
          };
        });
        wake = undefined;
      }
    },
    received: () => all.toString('latin1'),
    get closedByServer() {
      return closedByServer;
    },
    get error() {
      return error;
    },
    destroy: () => void socket.destroy(),
  };
}

/**
 * Writes `chunks` on a new connection to `port` (a number in `chunks` is a pause in
 * milliseconds) and reads until the first answer is whole, or with `untilClose` until the
 * server closes the connection; at most `waitMs`.
 */
export async function rawExchange(
  port: number,
  chunks: readonly (string | Buffer | number)[],
  { waitMs = 2_000, untilClose = false }: { waitMs?: number; untilClose?: boolean } = {},
): Promise<RawExchange> {
  const connection = openRawConnection(port);
  const deadline = Date.now() + waitMs;
  let writing = true;
  void (async () => {
    for (const chunk of chunks) {
      if (!writing || connection.closedByServer) return;
      if (typeof chunk === 'number') await new Promise((resume) => setTimeout(resume, chunk));
      else connection.write(chunk);
    }
  })();
  try {
    const answer = await connection.nextAnswer({ waitMs });
    while (untilClose && !connection.closedByServer && Date.now() < deadline) await new Promise((resume) => setTimeout(resume, 10));
    return {
      ...(answer ?? { status: 0, headers: {}, body: '' }),
      text: connection.received(),
      closedByServer: connection.closedByServer,
      error: connection.error,
    };
  } finally {
    writing = false;
    connection.destroy();
  }
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

/** What the code under test prints with console.error while `run` runs. */
export async function consoleErrorsDuring(run: () => Promise<void>): Promise<string[]> {
  const printed: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void printed.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
  try {
    await run();
  } finally {
    console.error = original;
  }
  return printed;
}
