/**
 * Reading one HTTP/1.1 answer from a connection's bytes (src/client/http1-answer.ts): the status
 * line and headers, every way a body ends (its length, chunks, the connection's close, none at
 * all), when the connection may carry another request, and every malformed or oversized answer
 * refused as an `AnswerFormatError`. The bytes arrive in pieces cut anywhere, so a property test
 * checks that however an answer is cut, it reads the same as when it comes whole.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AnswerFormatError, AnswerReader, MAX_ANSWER_BYTES, MAX_HEAD_BYTES, type ReadAnswer } from '../../src/client/http1-answer.js';

/** Bytes as written on the wire: each character of `text` one byte (latin1), so tests can hold any byte. */
const wire = (text: string): Buffer => Buffer.from(text, 'latin1');

/** Pushes `bytes` in one piece, and the answer it gives (failing when there is none). */
function readWhole(bytes: Buffer | string, method = 'GET'): ReadAnswer {
  const answer = new AnswerReader(method).push(typeof bytes === 'string' ? wire(bytes) : bytes);
  assert.ok(answer, 'the answer should be whole');
  return answer;
}

/** Pushes `pieces` one after the other; every piece but the last must give nothing, the last the answer. */
function readPieces(pieces: Buffer[], method = 'GET'): ReadAnswer {
  const reader = new AnswerReader(method);
  let answer: ReadAnswer | undefined;
  pieces.forEach((piece, index) => {
    answer = reader.push(piece);
    if (index < pieces.length - 1) assert.equal(answer, undefined, `the answer came after piece ${index} of ${pieces.length}`);
  });
  assert.ok(answer, 'the answer should be whole after its last piece');
  return answer;
}

/** `bytes` cut at `cuts` (positions between 1 and length - 1, in any order, repeats allowed). */
function cutAt(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const sorted = [...new Set(cuts)].filter((at) => at > 0 && at < bytes.length).sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of sorted) {
    pieces.push(bytes.subarray(from, at));
    from = at;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

const refused = (action: () => unknown, message?: RegExp) =>
  assert.throws(action, (error: unknown) => {
    assert.ok(error instanceof AnswerFormatError, `expected an AnswerFormatError, got ${String(error)}`);
    assert.equal(error.name, 'AnswerFormatError');
    if (message) assert.match(error.message, message);
    return true;
  });

/** The parts of an answer that are its content, for comparing two reads of one answer. */
const contentOf = (answer: ReadAnswer) => ({
  status: answer.status,
  headers: answer.headers,
  body: answer.body.toString('hex'),
  reusable: answer.reusable,
  keepAliveMs: answer.keepAliveMs,
});

describe('AnswerReader: status line and headers', () => {
  it('reads a Content-Length answer whole: status, headers and body', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.headers, { 'content-type': 'text/plain', 'content-length': '5' });
    assert.equal(answer.body.toString(), 'hello');
    assert.equal(answer.reusable, true);
    assert.equal(answer.keepAliveMs, undefined);
  });

  it('accepts a status line without a reason phrase, or with an empty one', () => {
    assert.equal(readWhole('HTTP/1.1 404\r\nContent-Length: 0\r\n\r\n').status, 404);
    assert.equal(readWhole('HTTP/1.1 500 \r\nContent-Length: 0\r\n\r\n').status, 500);
  });

  it('lower-cases header names', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nX-Request-ID: a1\r\nCONTENT-LENGTH: 0\r\nretry-after: 3\r\n\r\n');
    assert.deepEqual(answer.headers, { 'x-request-id': 'a1', 'content-length': '0', 'retry-after': '3' });
  });

  it('joins the values of a repeated header with ", ", whatever the case of its name', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nVary: Accept\r\nContent-Length: 0\r\nvary: Origin\r\nVARY: Cookie\r\n\r\n');
    assert.equal(answer.headers['vary'], 'Accept, Origin, Cookie');
  });

  it('takes the spaces and tabs around a header value off', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nX-Note:  \t spaced out \t \r\nX-Empty:\r\nContent-Length: 0\r\n\r\n');
    assert.equal(answer.headers['x-note'], 'spaced out');
    assert.equal(answer.headers['x-empty'], '');
  });

  it('keeps obs-text bytes (0x80 to 0xff) of a header value as they are, at its ends too', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nX-Name: \xa0Jo\xe3o\xa0\r\nContent-Length: 0\r\n\r\n');
    assert.equal(answer.headers['x-name'], '\xa0Jo\xe3o\xa0');
  });

  it('refuses a status line that is not HTTP/1.x with a three-digit status', () => {
    for (const line of ['HTTP/2 200 OK', 'HTTP/1.2 200 OK', 'HTTP/1.1 20 OK', 'HTTP/1.1 2000 OK', 'HTTP/1.1 099 Low', 'HTTP/1.1 OK 200', 'HTTP/1.1 200OK', 'http/1.1 200 OK', ' HTTP/1.1 200 OK', 'SSH-2.0-OpenSSH_9.6', '']) {
      refused(() => new AnswerReader('GET').push(wire(`${line}\r\nContent-Length: 0\r\n\r\n`)), /status line/);
    }
  });

  it('refuses a header line that is not a name, a colon and a value', () => {
    refused(() => readWhole('HTTP/1.1 200 OK\r\nContent-Length 0\r\n\r\n'), /not a name and a value/);
    refused(() => readWhole('HTTP/1.1 200 OK\r\n: no name\r\nContent-Length: 0\r\n\r\n'), /not a name and a value/);
  });

  it('refuses a header name that is not a token', () => {
    for (const name of ['Content-Length ', 'X Name', 'X(Name)', 'X"Name"', 'X/Name', 'X@Name', 'X\x7fName', 'X\xe9']) {
      refused(() => readWhole(`HTTP/1.1 200 OK\r\n${name}: 1\r\nContent-Length: 0\r\n\r\n`), /not a token|not a name and a value/);
    }
  });

  it('refuses a folded header line (obs-fold), after a space or a tab', () => {
    refused(() => readWhole('HTTP/1.1 200 OK\r\nX-Long: first\r\n second\r\nContent-Length: 0\r\n\r\n'));
    refused(() => readWhole('HTTP/1.1 200 OK\r\nX-Long: first\r\n\tsecond: part\r\nContent-Length: 0\r\n\r\n'));
  });

  it('refuses a header value holding a control character: NUL, a lone CR or LF, DEL, and others', () => {
    for (const value of ['a\x00b', 'a\rb', 'a\nX-Injected: 1', 'a\x1bb', 'a\x7fb', 'a\x01b']) {
      refused(() => readWhole(`HTTP/1.1 200 OK\r\nX-Value: ${value}\r\nContent-Length: 0\r\n\r\n`), /character a header may not/);
    }
  });

  it('refuses a header value with a control character at its start or end, which trimming must not hide', () => {
    for (const value of ['\x0bvalue', 'value\x0c', '\x00value', 'value\x1f']) {
      refused(() => readWhole(`HTTP/1.1 200 OK\r\nX-Value: ${value}\r\nContent-Length: 0\r\n\r\n`), /character a header may not/);
    }
  });
});

describe('AnswerReader: interim answers', () => {
  it('skips a 100 Continue before the real answer', () => {
    const answer = readWhole('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok');
    assert.equal(answer.status, 201);
    assert.deepEqual(answer.headers, { 'content-length': '2' });
    assert.equal(answer.body.toString(), 'ok');
    assert.equal(answer.reusable, true);
  });

  it('skips several interim answers, their headers left out of the real answer', () => {
    const answer = readWhole('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.headers, { 'content-length': '0' });
  });

  it('waits for the real answer when an interim one comes alone', () => {
    const reader = new AnswerReader('POST');
    assert.equal(reader.push(wire('HTTP/1.1 100 Continue\r\n\r\n')), undefined);
    const answer = reader.push(wire('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx'));
    assert.equal(answer?.status, 200);
    assert.equal(answer?.body.toString(), 'x');
  });

  it('refuses 101 Switching Protocols', () => {
    refused(() => readWhole('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'), /switched protocols/);
  });
});

describe('AnswerReader: answers without a body', () => {
  it('reads no body for a HEAD request, whatever Content-Length says', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nContent-Length: 1234\r\n\r\n', 'HEAD');
    assert.equal(answer.body.length, 0);
    assert.equal(answer.headers['content-length'], '1234');
    assert.equal(answer.reusable, true);
  });

  it('reads no body for a HEAD request with Transfer-Encoding: chunked', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', 'HEAD');
    assert.equal(answer.body.length, 0);
    assert.equal(answer.reusable, true);
  });

  it('reads no body for a 204 or a 304', () => {
    for (const status of ['204 No Content', '304 Not Modified']) {
      const answer = readWhole(`HTTP/1.1 ${status}\r\nContent-Length: 10\r\nETag: "x"\r\n\r\n`);
      assert.equal(answer.status, Number(status.slice(0, 3)));
      assert.equal(answer.body.length, 0);
      assert.equal(answer.reusable, true);
    }
  });

  it('does not reuse the connection when bytes follow a body-less answer', () => {
    const answer = readWhole('HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\n');
    assert.equal(answer.status, 204);
    assert.equal(answer.reusable, false);
  });
});

describe('AnswerReader: Content-Length', () => {
  it('reads a body of Content-Length: 0 as empty', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    assert.equal(answer.body.length, 0);
    assert.equal(answer.reusable, true);
  });

  it('reads a body across several pieces, in bytes (not characters)', () => {
    const body = Buffer.from('{"city":"São Paulo","ok":"✓"}');
    const bytes = Buffer.concat([wire(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`), body]);
    const answer = readPieces(cutAt(bytes, [10, bytes.length - body.length + 11, bytes.length - 2]));
    assert.equal(answer.body.toString('utf8'), '{"city":"São Paulo","ok":"✓"}');
  });

  it('accepts a repeated Content-Length of one value, on two lines or in one', () => {
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc').body.toString(), 'abc');
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc').body.toString(), 'abc');
  });

  it('refuses Content-Length values that differ', () => {
    refused(() => readWhole('HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd'), /not one number/);
    refused(() => readWhole('HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\nabcd'), /not one number/);
  });

  it('refuses a Content-Length that is not a decimal number', () => {
    for (const value of ['', '-1', '+3', '0x10', '1e3', '3.0', 'three', '1 2', '1234567890123456']) {
      refused(() => new AnswerReader('GET').push(wire(`HTTP/1.1 200 OK\r\nContent-Length: ${value}\r\n\r\n`)), /not one number/);
    }
  });

  it('refuses an answer with both Content-Length and Transfer-Encoding', () => {
    refused(() => readWhole('HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'), /both Content-Length and Transfer-Encoding/);
    refused(() => readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nContent-Length: 5\r\n\r\nhello'), /both Content-Length and Transfer-Encoding/);
  });

  it('refuses a Content-Length above MAX_ANSWER_BYTES at once, from the head alone', () => {
    refused(() => new AnswerReader('GET').push(wire(`HTTP/1.1 200 OK\r\nContent-Length: ${MAX_ANSWER_BYTES + 1}\r\n\r\n`)), /larger than/);
  });

  it('accepts a Content-Length of exactly MAX_ANSWER_BYTES and waits for its body', () => {
    assert.equal(new AnswerReader('GET').push(wire(`HTTP/1.1 200 OK\r\nContent-Length: ${MAX_ANSWER_BYTES}\r\n\r\n`)), undefined);
  });
});

describe('AnswerReader: chunked bodies', () => {
  it('reads a chunked body with chunk extensions and trailers, the trailers left out of the headers', () => {
    const answer = readWhole(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
        '5;name=value\r\nhello\r\n' +
        '1 ; a=1;b="x y"\r\n \r\n' +
        '5\t;ext\r\nworld\r\n' +
        '0;last=yes\r\nX-Checksum: abc\r\nX-Other: 2\r\n\r\n',
    );
    assert.equal(answer.body.toString(), 'hello world');
    assert.deepEqual(answer.headers, { 'transfer-encoding': 'chunked' });
    assert.equal(answer.reusable, true);
  });

  it('reads chunk sizes in upper- and lower-case hex, with leading zeros', () => {
    const data = 'x'.repeat(0x1a) + 'y'.repeat(0xb);
    const answer = readWhole(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n001A\r\n${'x'.repeat(0x1a)}\r\nb\r\n${'y'.repeat(0xb)}\r\n000\r\n\r\n`);
    assert.equal(answer.body.toString(), data);
  });

  it('reads an empty chunked body', () => {
    const answer = readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
    assert.equal(answer.body.length, 0);
    assert.equal(answer.reusable, true);
  });

  it('reads Transfer-Encoding case-insensitively, chunked last after other codings', () => {
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n').body.toString(), 'ok');
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n').body.toString(), 'ok');
  });

  it('reads to the close when chunked is not the last transfer coding', () => {
    const reader = new AnswerReader('GET');
    assert.equal(reader.push(wire('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n2\r\nok\r\n0\r\n\r\n')), undefined);
    const answer = reader.end();
    assert.equal(answer.body.toString('latin1'), '2\r\nok\r\n0\r\n\r\n');
    assert.equal(answer.reusable, false);
  });

  it('refuses a chunk whose data runs past its size (no CRLF where the size says the chunk ends)', () => {
    refused(() => readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello, world\r\n0\r\n\r\n'), /does not end where its size says/);
    refused(() => readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\rX0\r\n\r\n'), /does not end where its size says/);
  });

  it('refuses a chunk that runs past its size even when the bytes come one at a time', () => {
    const bytes = wire('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcd\r\n0\r\n\r\n');
    const reader = new AnswerReader('GET');
    refused(() => {
      for (let at = 0; at < bytes.length; at += 1) reader.push(bytes.subarray(at, at + 1));
    }, /does not end where its size says/);
  });

  it('refuses a chunk size that is not hex', () => {
    for (const size of ['g', '0x5', '-5', '+5', ' 5', '', ';ext', '5 5', '12345678901234']) {
      refused(() => readWhole(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\nhello\r\n0\r\n\r\n`), /not a hex number/);
    }
  });

  it('refuses a chunk size line that goes on without a CRLF', () => {
    const reader = new AnswerReader('GET');
    reader.push(wire('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'));
    refused(() => reader.push(wire(`5;${'e'.repeat(2048)}`)), /chunk size line/);
  });

  it('refuses chunks whose sizes add up past MAX_ANSWER_BYTES, from the size line alone', () => {
    refused(() => new AnswerReader('GET').push(wire(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${(MAX_ANSWER_BYTES + 1).toString(16)}\r\n`)), /larger than/);
  });

  it('refuses trailers larger than MAX_HEAD_BYTES', () => {
    const reader = new AnswerReader('GET');
    reader.push(wire('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n'));
    refused(() => {
      for (let sent = 0; sent < 4 * MAX_HEAD_BYTES; sent += 1000) reader.push(wire(`X-Pad: ${'p'.repeat(990)}\r\n`));
    }, /trailers are larger/);
  });

  it('refuses a trailer line that is not a name and a value', () => {
    refused(() => readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nnot a field\r\n\r\n'), /trailer line/);
    refused(() => readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nX-A: \x00\r\n\r\n'), /trailer line/);
  });
});

describe('AnswerReader: bodies that run to the close, and end()', () => {
  it('reads a body without Content-Length or Transfer-Encoding up to the close, in every piece', () => {
    const reader = new AnswerReader('GET');
    assert.equal(reader.push(wire('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nfirst ')), undefined);
    assert.equal(reader.push(wire('second ')), undefined);
    assert.equal(reader.push(Buffer.from('terceiro ✓')), undefined);
    const answer = reader.end();
    assert.equal(answer.status, 200);
    assert.equal(answer.body.toString('utf8'), 'first second terceiro ✓');
    assert.equal(answer.reusable, false);
  });

  it('reads an empty body when the connection closes right after the head', () => {
    const reader = new AnswerReader('GET');
    assert.equal(reader.push(wire('HTTP/1.0 200 OK\r\n\r\n')), undefined);
    assert.equal(reader.end().body.length, 0);
  });

  it('refuses a body read to the close past MAX_ANSWER_BYTES', () => {
    const reader = new AnswerReader('GET');
    reader.push(wire('HTTP/1.1 200 OK\r\n\r\n'));
    reader.push(Buffer.alloc(MAX_ANSWER_BYTES));
    refused(() => reader.push(Buffer.alloc(1)), /larger than/);
  });

  it('end(): a Content-Length body cut short throws, it is not a short body', () => {
    const reader = new AnswerReader('GET');
    assert.equal(reader.push(wire('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello')), undefined);
    assert.throws(() => reader.end(), { message: 'the answer was cut short' });
  });

  it('end(): a chunked body cut short throws, in a chunk or before the last one', () => {
    for (const cut of ['5\r\nhel', '5\r\nhello\r\n', '5\r\nhello\r\n0\r\n', '5\r\nhello\r\n0\r\nX-Trailer: 1\r\n']) {
      const reader = new AnswerReader('GET');
      assert.equal(reader.push(wire(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${cut}`)), undefined);
      assert.throws(() => reader.end(), { message: 'the answer was cut short' });
    }
  });

  it('end(): a head cut short throws, an interim answer alone included', () => {
    for (const cut of ['HTTP/1.1 200 OK\r\nContent-Le', 'HTTP/1.1 100 Continue\r\n\r\n', 'H']) {
      const reader = new AnswerReader('GET');
      reader.push(wire(cut));
      assert.throws(() => reader.end(), { message: 'the answer was cut short' });
    }
  });

  it('end(): no byte at all throws that the connection closed before an answer came', () => {
    assert.throws(() => new AnswerReader('GET').end(), { message: 'the connection closed before an answer came' });
  });
});

describe('AnswerReader: whether the connection may be reused', () => {
  it('reusable for an HTTP/1.1 answer that ends by its length with nothing after it', () => {
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok').reusable, true);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok').reusable, true);
  });

  it('not reusable with Connection: close, in any case and among other options', () => {
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok').reusable, false);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nConnection: Close\r\nContent-Length: 2\r\n\r\nok').reusable, false);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nConnection: x-custom, close\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n').reusable, false);
    assert.equal(readWhole('HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n').reusable, false);
  });

  it('not reusable for HTTP/1.0 without Connection: keep-alive; reusable with it', () => {
    assert.equal(readWhole('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok').reusable, false);
    assert.equal(readWhole('HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok').reusable, true);
  });

  it('not reusable when the body ran to the close', () => {
    const reader = new AnswerReader('GET');
    reader.push(wire('HTTP/1.1 200 OK\r\nConnection: keep-alive\r\n\r\nall of it'));
    assert.equal(reader.end().reusable, false);
  });

  it('not reusable when bytes follow the answer in the same piece, after a length or after chunks', () => {
    const afterLength = readWhole('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA');
    assert.equal(afterLength.body.toString(), 'ok');
    assert.equal(afterLength.reusable, false);
    const afterChunks = readWhole('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n');
    assert.equal(afterChunks.body.toString(), 'ok');
    assert.equal(afterChunks.reusable, false);
  });

  it('keepAliveMs: the Keep-Alive timeout in milliseconds, wherever it is among the parameters', () => {
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5\r\nContent-Length: 0\r\n\r\n').keepAliveMs, 5_000);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5, max=1000\r\nContent-Length: 0\r\n\r\n').keepAliveMs, 5_000);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nKeep-Alive: max=1000, TIMEOUT=2\r\nContent-Length: 0\r\n\r\n').keepAliveMs, 2_000);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=0\r\nContent-Length: 0\r\n\r\n').keepAliveMs, 0);
  });

  it('keepAliveMs: undefined without a Keep-Alive timeout, or with one that is not a number', () => {
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n').keepAliveMs, undefined);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nKeep-Alive: max=5\r\nContent-Length: 0\r\n\r\n').keepAliveMs, undefined);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=soon\r\nContent-Length: 0\r\n\r\n').keepAliveMs, undefined);
    assert.equal(readWhole('HTTP/1.1 200 OK\r\nKeep-Alive: xtimeout=5\r\nContent-Length: 0\r\n\r\n').keepAliveMs, undefined);
  });
});

describe('AnswerReader: the size of the head', () => {
  it('refuses a head growing past MAX_HEAD_BYTES without its end, before it gets much larger', () => {
    const reader = new AnswerReader('GET');
    reader.push(wire('HTTP/1.1 200 OK\r\n'));
    let pushed = 'HTTP/1.1 200 OK\r\n'.length;
    const line = wire(`X-Pad: ${'p'.repeat(120)}\r\n`);
    refused(() => {
      for (;;) {
        pushed += line.length;
        reader.push(line);
        assert.ok(pushed <= 4 * MAX_HEAD_BYTES, 'the head was never refused');
      }
    }, /headers are larger/);
    assert.ok(pushed > MAX_HEAD_BYTES, `refused at ${pushed} bytes, within the limit`);
    assert.ok(pushed <= MAX_HEAD_BYTES + line.length, `refused only at ${pushed} bytes`);
  });

  it('refuses a single piece without a head end that could no longer end within MAX_HEAD_BYTES', () => {
    // MAX_HEAD_BYTES and three bytes could still be a head of the limit and the start of its CRLF CRLF.
    const bytes = wire(`HTTP/1.1 200 OK\r\nX-Pad: ${'p'.repeat(MAX_HEAD_BYTES)}`).subarray(0, MAX_HEAD_BYTES + 4);
    refused(() => new AnswerReader('GET').push(bytes), /headers are larger/);
  });

  it('refuses a whole head over MAX_HEAD_BYTES, even with its end in the same piece', () => {
    refused(() => readWhole(`HTTP/1.1 200 OK\r\nX-Pad: ${'p'.repeat(MAX_HEAD_BYTES)}\r\nContent-Length: 0\r\n\r\n`), /headers are larger/);
  });

  it('reads a head of exactly MAX_HEAD_BYTES the same whole and one byte at a time', () => {
    const start = 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\nX-Pad: ';
    const head = `${start}${'p'.repeat(MAX_HEAD_BYTES - start.length)}`;
    assert.equal(head.length, MAX_HEAD_BYTES);
    const bytes = wire(`${head}\r\n\r\n`);
    const whole = readWhole(bytes);
    assert.equal(whole.headers['x-pad']?.length, MAX_HEAD_BYTES - start.length);
    const pieces = cutAt(bytes, Array.from({ length: bytes.length }, (_, at) => at));
    assert.deepEqual(contentOf(readPieces(pieces)), contentOf(whole));
  });
});

/** A well-formed answer to cut in pieces, and what it reads as. */
interface Sample {
  name: string;
  method: string;
  bytes: Buffer;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const utf8Body = JSON.stringify({ city: 'São Paulo', note: 'ação ✓', card: '💳', quote: '“ok”' });

/** `body` in chunks cut at `cuts` (inside UTF-8 characters too), each size line with its own extensions. */
function chunked(body: Buffer, cuts: number[], extensions: string[]): Buffer {
  const parts: Buffer[] = [];
  cutAt(body, cuts).forEach((chunk, index) => {
    const size = index % 2 === 0 ? chunk.length.toString(16) : chunk.length.toString(16).toUpperCase();
    parts.push(wire(`${size}${extensions[index % extensions.length]}\r\n`), chunk, wire('\r\n'));
  });
  return Buffer.concat(parts);
}

const samples: Sample[] = ((): Sample[] => {
  const body = Buffer.from(utf8Body);
  // Cuts inside "ã" (two bytes), "✓" (three) and "💳" (four).
  const inside = [body.indexOf(Buffer.from('ã')) + 1, body.indexOf(Buffer.from('✓')) + 1, body.indexOf(Buffer.from('💳')) + 2, body.indexOf(Buffer.from('💳')) + 3];
  const lengthHead = `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\nKeep-Alive: timeout=5, max=100\r\n\r\n`;
  const chunkedHead = 'HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nTransfer-Encoding: chunked\r\nVary: Accept\r\nvary: Origin\r\n\r\n';
  const chunks = chunked(body, [3, ...inside, body.length - 1], [';name=value', '', ' ; a=1;b="x y"', '\t;flag']);
  return [
    {
      name: 'Content-Length, UTF-8 body',
      method: 'GET',
      bytes: Buffer.concat([wire(lengthHead), body]),
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length), 'keep-alive': 'timeout=5, max=100' },
      body: utf8Body,
    },
    {
      name: 'chunked with extensions and trailers, UTF-8 characters cut between chunks',
      method: 'GET',
      bytes: Buffer.concat([wire(chunkedHead), chunks, wire('0;last=1\r\nX-Checksum: abc\r\nX-Other: 2\r\n\r\n')]),
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'transfer-encoding': 'chunked', vary: 'Accept, Origin' },
      body: utf8Body,
    },
    {
      name: '100 Continue and 103 Early Hints before a Content-Length answer',
      method: 'POST',
      bytes: Buffer.concat([
        wire('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n'),
        wire(`HTTP/1.1 201 Created\r\nLocation: /public_api/payments/1/\r\nContent-Length: ${body.length}\r\n\r\n`),
        body,
      ]),
      status: 201,
      headers: { location: '/public_api/payments/1/', 'content-length': String(body.length) },
      body: utf8Body,
    },
    {
      name: '100 Continue before a chunked answer without trailers',
      method: 'POST',
      bytes: Buffer.concat([wire('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 422 Unprocessable Entity\r\nTransfer-Encoding: chunked\r\n\r\n'), chunked(body, [1, 2, ...inside], ['', ';x']), wire('0\r\n\r\n')]),
      status: 422,
      headers: { 'transfer-encoding': 'chunked' },
      body: utf8Body,
    },
    {
      name: '204 with headers and no body',
      method: 'DELETE',
      bytes: wire('HTTP/1.1 204 No Content\r\nX-Request-Id: r-1\r\n\r\n'),
      status: 204,
      headers: { 'x-request-id': 'r-1' },
      body: '',
    },
  ];
})();

/** The positions next to the CR and LF bytes of an answer: cuts before a CR, between CR and LF, after an LF. */
function crlfCuts(bytes: Buffer): number[] {
  const cuts = new Set<number>();
  for (let at = 0; at < bytes.length - 1; at += 1) {
    if (bytes[at] === 0x0d && bytes[at + 1] === 0x0a) for (const cut of [at, at + 1, at + 2]) if (cut > 0 && cut < bytes.length) cuts.add(cut);
  }
  return [...cuts];
}

describe('AnswerReader: however the bytes are cut, the answer reads the same', () => {
  it('reads each sample whole as expected', () => {
    for (const sample of samples) {
      const answer = readWhole(sample.bytes, sample.method);
      assert.equal(answer.status, sample.status, sample.name);
      assert.deepEqual(answer.headers, sample.headers, sample.name);
      assert.equal(answer.body.toString('utf8'), sample.body, sample.name);
      assert.equal(answer.reusable, true, sample.name);
    }
  });

  it('reads each sample the same cut in two at every position, and one byte at a time', () => {
    for (const sample of samples) {
      const whole = contentOf(readWhole(sample.bytes, sample.method));
      for (let at = 1; at < sample.bytes.length; at += 1) {
        assert.deepEqual(contentOf(readPieces(cutAt(sample.bytes, [at]), sample.method)), whole, `${sample.name}, cut at ${at}`);
      }
      const bytes = cutAt(sample.bytes, Array.from({ length: sample.bytes.length }, (_, at) => at));
      assert.deepEqual(contentOf(readPieces(bytes, sample.method)), whole, `${sample.name}, one byte at a time`);
    }
  });

  it('property: cut anywhere, CRLFs of the framing included, a sample gives the same status, headers and body', () => {
    const cases = fc.constantFrom(...samples).chain((sample) => {
      const last = sample.bytes.length - 1;
      const anywhere = fc.uniqueArray(fc.integer({ min: 1, max: last }), { maxLength: 60 });
      const atCrlfs = fc.subarray(crlfCuts(sample.bytes), { minLength: 1 });
      return fc.tuple(
        fc.constant(sample),
        fc.oneof(
          anywhere,
          atCrlfs,
          fc.tuple(atCrlfs, anywhere).map(([a, b]) => [...a, ...b]),
          // Runs of one-byte pieces from a random place.
          fc.tuple(fc.integer({ min: 1, max: last }), fc.integer({ min: 1, max: 80 })).map(([from, count]) => Array.from({ length: count }, (_, index) => from + index)),
        ),
      );
    });
    fc.assert(
      fc.property(cases, ([sample, cuts]) => {
        const pieces = cutAt(sample.bytes, cuts);
        const answer = readPieces(pieces, sample.method);
        assert.equal(answer.status, sample.status);
        assert.deepEqual(answer.headers, sample.headers);
        assert.equal(answer.body.toString('utf8'), sample.body);
        assert.deepEqual(contentOf(answer), contentOf(readWhole(sample.bytes, sample.method)));
      }),
      { seed: 0x1_a115, numRuns: 1_000 },
    );
  });
});
