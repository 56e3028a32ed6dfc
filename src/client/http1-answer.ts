/**
 * Reading one HTTP/1.1 answer from the bytes of a connection, as they come (RFC 9112): the
 * status line, the headers, and the body by its `Content-Length`, in chunks, or up to the
 * connection's close. Used by the client's own connections to the API (node-transport.ts).
 *
 * It is strict where an answer could be read two ways: a status line or a header line that is
 * not well formed, a `Content-Length` that is not one number, both `Content-Length` and
 * `Transfer-Encoding`, a chunk size that is not hex, headers past MAX_HEAD_BYTES or a body past
 * MAX_ANSWER_BYTES all end the answer as an `AnswerFormatError`, and its connection with it.
 * Interim answers (1xx) are skipped. Headers are kept one value per lower-case name, a repeated
 * header's values joined with ", " as `fetch` joins them.
 */

/** The most bytes of a status line and headers together (of trailers too), as Node's own parser allows. */
export const MAX_HEAD_BYTES = 16 * 1024;
/** The most bytes of a body: far above any answer of the API, a bound on what a broken server can make the client hold. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** The bytes on the connection could not be read as an HTTP/1.1 answer. */
export class AnswerFormatError extends Error {
  override name = 'AnswerFormatError';
}

/** A whole answer, read. */
export interface ReadAnswer {
  status: number;
  /** One value per lower-case name. */
  headers: Record<string, string>;
  /** The body's bytes. */
  body: Buffer;
  /** Whether the connection may carry another request: the answer ended by its own length, no `Connection: close`, nothing after it. */
  reusable: boolean;
  /** How long the server keeps the connection idle (`Keep-Alive: timeout=`), in milliseconds; undefined when it did not say. */
  keepAliveMs: number | undefined;
}

const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: [^\r\n]*)?$/;
/** A method or a header name (RFC 9110's token); the client's requests are held to it too. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value: visible characters, spaces, tabs and obs-text; no CR, LF or NUL. */
export const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Optional whitespace around a field value: spaces and tabs only. */
const OWS_ENDS = /^[\t ]+|[\t ]+$/g;
const CONTENT_LENGTH = /^\d{1,15}$/;
/** A chunk's size line: hex digits (at most 13, so the size stays an exact number), then extensions, which are ignored. */
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,13})[\t ]*(?:;[^\r\n]*)?$/;
const KEEP_ALIVE_TIMEOUT = /(?:^|[\s,])timeout=(\d{1,9})(?:$|[\s,])/i;

// Strings and codes, not Buffers: the module is imported where `Buffer` may not exist (the client
// then keeps `fetch` and never reads an answer here).
const CRLF = '\r\n';
const CRLF_CODES = [0x0d, 0x0a];
const HEAD_END = '\r\n\r\n';

function fail(message: string): never {
  throw new AnswerFormatError(message);
}

interface Head {
  status: number;
  minor: number;
  headers: Record<string, string>;
}

/** The status line and header lines of one head, without its last CRLF CRLF. */
function parseHead(text: string): Head {
  const lines = text.split('\r\n');
  const status = STATUS_LINE.exec(lines[0]!) ?? fail('the answer does not start with an HTTP/1.x status line');
  const headers: Record<string, string> = {};
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    const colon = line.indexOf(':');
    if (colon <= 0) fail('a header line of the answer is not a name and a value');
    const name = line.slice(0, colon);
    // A name with spaces around it, or a folded line (it starts with a space), is refused, as RFC 9112 asks.
    if (!TOKEN.test(name)) fail('a header name of the answer is not a token');
    // Only spaces and tabs are trimmed: a control character at an end is refused below, and obs-text kept.
    const value = line.slice(colon + 1).replace(OWS_ENDS, '');
    if (!FIELD_VALUE.test(value)) fail(`the answer's ${name} header holds a character a header may not`);
    const key = name.toLowerCase();
    const earlier = headers[key];
    headers[key] = earlier === undefined ? value : `${earlier}, ${value}`;
  }
  return { status: Number(status[2]), minor: Number(status[1]), headers };
}

/** Whether a comma-separated header holds `token` (case-insensitive). */
function listHas(value: string | undefined, token: string): boolean {
  if (value === undefined) return false;
  return value.split(',').some((item) => item.trim().toLowerCase() === token);
}

type ChunkState = { kind: 'size' } | { kind: 'data'; left: number } | { kind: 'crlf'; seen: number } | { kind: 'trailers' };

/** The most bytes of a chunk's size line, extensions included. */
const MAX_CHUNK_LINE_BYTES = 1024;

type BodyRule = { kind: 'none' } | { kind: 'length'; length: number } | { kind: 'chunked' } | { kind: 'close' };

function bodyRuleOf(head: Head, method: string): BodyRule {
  if (method === 'HEAD' || head.status === 204 || head.status === 304) return { kind: 'none' };
  const encoding = head.headers['transfer-encoding'];
  const length = head.headers['content-length'];
  if (encoding !== undefined) {
    // The one case where an answer's end could be read two ways: refused, never guessed.
    if (length !== undefined) fail('the answer has both Content-Length and Transfer-Encoding');
    const codings = encoding.split(',').map((item) => item.trim().toLowerCase());
    return codings[codings.length - 1] === 'chunked' ? { kind: 'chunked' } : { kind: 'close' };
  }
  if (length !== undefined) {
    // "10, 10" (a length repeated) is one length; "10, 12" is none.
    const values = new Set(length.split(',').map((item) => item.trim()));
    const [only] = values;
    if (values.size !== 1 || !CONTENT_LENGTH.test(only!)) fail('the answer has a Content-Length that is not one number');
    const bytes = Number(only);
    if (bytes > MAX_ANSWER_BYTES) fail(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    return { kind: 'length', length: bytes };
  }
  return { kind: 'close' };
}

/**
 * Reads one answer to a request of `method` from the bytes given to `push`, in the pieces they
 * come in. `push` answers the whole answer once it is read, else undefined; `end` (the
 * connection closed) answers it when its body ran to the close, and throws when it was cut short.
 */
export class AnswerReader {
  private buffered: Buffer | undefined;
  private head: Head | undefined;
  private rule: BodyRule | undefined;
  private readonly parts: Buffer[] = [];
  private received = 0;
  /** Where a chunked body is: at a size line, in a chunk's data, at the CRLF after it, or in the trailers. */
  private chunk: ChunkState = { kind: 'size' };
  private trailerBytes = 0;
  /** Whether any byte came. */
  started = false;

  constructor(private readonly method: string) {}

  push(chunk: Buffer): ReadAnswer | undefined {
    this.started = true;
    this.buffered = this.buffered === undefined || this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    while (this.head === undefined) {
      const end = this.buffered.indexOf(HEAD_END);
      if (end < 0) {
        // Room for the head and the first bytes of its CRLF CRLF, whatever pieces they come in.
        if (this.buffered.length > MAX_HEAD_BYTES + HEAD_END.length - 1) fail(`the answer's headers are larger than ${MAX_HEAD_BYTES} bytes`);
        return undefined;
      }
      if (end > MAX_HEAD_BYTES) fail(`the answer's headers are larger than ${MAX_HEAD_BYTES} bytes`);
      const head = parseHead(this.buffered.toString('latin1', 0, end));
      this.buffered = this.buffered.subarray(end + HEAD_END.length);
      if (head.status === 101) fail('the server switched protocols, which the client never asks for');
      // An interim answer (100 Continue, 103 Early Hints): the real one follows on the same connection.
      if (head.status < 200) continue;
      this.head = head;
      this.rule = bodyRuleOf(head, this.method);
    }
    return this.readBody();
  }

  /** The connection closed: the answer if its body ran to the close, else an error. */
  end(): ReadAnswer {
    if (this.head !== undefined && this.rule!.kind === 'close') {
      this.take(this.buffered ?? Buffer.alloc(0));
      this.buffered = undefined;
      return this.answer(false);
    }
    throw new Error(this.started ? 'the answer was cut short' : 'the connection closed before an answer came');
  }

  private take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.received += bytes.length;
    if (this.received > MAX_ANSWER_BYTES) fail(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    this.parts.push(bytes);
  }

  private readBody(): ReadAnswer | undefined {
    const rule = this.rule!;
    const buffered = this.buffered!;
    switch (rule.kind) {
      case 'none':
        return this.answer(buffered.length === 0);
      case 'close':
        this.take(buffered);
        this.buffered = undefined;
        return undefined;
      case 'length': {
        const wanted = rule.length - this.received;
        if (buffered.length < wanted) {
          this.take(buffered);
          this.buffered = undefined;
          return undefined;
        }
        this.take(buffered.subarray(0, wanted));
        // Bytes after the answer, which no request asked for: the connection is not used again.
        return this.answer(buffered.length === wanted);
      }
      case 'chunked':
        return this.readChunks();
    }
  }

  private readChunks(): ReadAnswer | undefined {
    let buffered = this.buffered!;
    for (;;) {
      if (this.chunk.kind === 'data') {
        const data = buffered.subarray(0, Math.min(this.chunk.left, buffered.length));
        this.take(data);
        buffered = buffered.subarray(data.length);
        this.chunk = this.chunk.left === data.length ? { kind: 'crlf', seen: 0 } : { kind: 'data', left: this.chunk.left - data.length };
        if (buffered.length === 0) break;
        continue;
      }
      if (this.chunk.kind === 'crlf') {
        // The CRLF after a chunk's data, which may come in pieces of its own.
        let seen = this.chunk.seen;
        while (seen < CRLF.length && buffered.length > 0) {
          if (buffered[0] !== CRLF_CODES[seen]) fail('a chunk of the answer does not end where its size says');
          buffered = buffered.subarray(1);
          seen += 1;
        }
        this.chunk = seen === CRLF.length ? { kind: 'size' } : { kind: 'crlf', seen };
        if (seen < CRLF.length) break;
        continue;
      }
      const end = buffered.indexOf(CRLF);
      if (end < 0) {
        if (this.chunk.kind === 'size' && buffered.length > MAX_CHUNK_LINE_BYTES) fail('a chunk size line of the answer is too long');
        if (this.chunk.kind === 'trailers' && this.trailerBytes + buffered.length > MAX_HEAD_BYTES) fail(`the answer's trailers are larger than ${MAX_HEAD_BYTES} bytes`);
        break;
      }
      const line = buffered.toString('latin1', 0, end);
      buffered = buffered.subarray(end + CRLF.length);
      if (this.chunk.kind === 'trailers') {
        this.trailerBytes += end + CRLF.length;
        if (this.trailerBytes > MAX_HEAD_BYTES) fail(`the answer's trailers are larger than ${MAX_HEAD_BYTES} bytes`);
        // Trailer fields are read past, not kept: nothing the client reads is sent in them.
        if (line === '') return this.answer(buffered.length === 0);
        if (!FIELD_VALUE.test(line) || line.indexOf(':') <= 0) fail('a trailer line of the answer is not a name and a value');
        continue;
      }
      const size = CHUNK_SIZE.exec(line) ?? fail('a chunk size of the answer is not a hex number');
      const bytes = parseInt(size[1]!, 16);
      if (this.received + bytes > MAX_ANSWER_BYTES) fail(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
      this.chunk = bytes === 0 ? { kind: 'trailers' } : { kind: 'data', left: bytes };
    }
    this.buffered = buffered;
    return undefined;
  }

  private answer(nothingAfter: boolean): ReadAnswer {
    const head = this.head!;
    const connection = head.headers['connection'];
    const keepAlive = KEEP_ALIVE_TIMEOUT.exec(head.headers['keep-alive'] ?? '');
    const persistent = head.minor === 1 ? !listHas(connection, 'close') : listHas(connection, 'keep-alive');
    return {
      status: head.status,
      headers: head.headers,
      body: this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.received),
      reusable: nothingAfter && persistent && this.rule!.kind !== 'close',
      keepAliveMs: keepAlive ? Number(keepAlive[1]) * 1000 : undefined,
    };
  }
}
