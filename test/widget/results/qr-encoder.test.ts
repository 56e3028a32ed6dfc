import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsQRModule from 'jsqr';
import { createPixAutomaticoCode, createPixCode, crc16ccitt, newEvpKey, newTxid } from '../../../src/sandbox/documents/pix-code.js';
import { encodeQr, type QrModules } from '../../../src/widget/results/qr-code.js';
import { encodeQrSymbol } from '../../../src/widget/results/qr-encoder.js';
import { qrPixels } from './qr-pixels.js';

type JsQR = (data: Uint8ClampedArray, width: number, height: number) => { data: string; binaryData: number[]; version: number } | null;
const jsQR = ((jsQRModule as unknown as { default?: JsQR }).default ?? jsQRModule) as unknown as JsQR;

/** Bytes a symbol holds in byte mode at level M, versions 1–40 (ISO/IEC 18004, table 7). */
const BYTE_CAPACITY_M = [
  14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
  711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
];

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The smallest version whose byte capacity holds `text`'s UTF-8. */
function expectedVersion(text: string): number {
  return BYTE_CAPACITY_M.findIndex((capacity) => capacity >= utf8Length(text)) + 1;
}

/** Reads a symbol as a phone would: from pixels, quiet zone included. */
function scan(modules: QrModules): { data: string; binaryData: number[]; version: number } {
  const { data, width, height } = qrPixels(modules);
  const read = jsQR(data, width, height);
  assert.ok(read, `jsQR found no QR code in a ${modules.size}-module symbol`);
  return read;
}

/** Asserts that `text` encodes to a symbol of the expected version that reads back as `text`, byte for byte. */
function assertRoundTrip(text: string): QrModules {
  const modules = encodeQrSymbol(text);
  const version = expectedVersion(text);
  assert.equal(modules.size, 17 + 4 * version, `${utf8Length(text)} bytes`);
  const read = scan(modules);
  assert.equal(read.version, version);
  assert.deepEqual(read.binaryData, [...new TextEncoder().encode(text)]);
  assert.equal(read.data, text);
  return modules;
}

/** An EMV field of a BR Code: 2-digit id, 2-digit length, value. */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A BR Code from its fields, closed by the CRC16 field 63. */
function brCode(...fields: string[]): string {
  const body = `${fields.join('')}6304`;
  return body + crc16ccitt(body).toString(16).toUpperCase().padStart(4, '0');
}

/** The 15 format information bits of the copy around the top-left finder, and of the one split along the other two. */
function formatInformation(modules: QrModules): [number, number] {
  let first = 0;
  let second = 0;
  for (let i = 0; i < 15; i += 1) {
    if (i < 8 ? modules.isDark(i < 6 ? i : i + 1, 8) : modules.isDark(8, i < 9 ? 7 : 14 - i)) first |= 1 << i;
    if (i < 8 ? modules.isDark(8, modules.size - 1 - i) : modules.isDark(modules.size - 15 + i, 8)) second |= 1 << i;
  }
  return [first, second];
}

/** The remainder of a 15-bit word divided by the format information's BCH generator, x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1. */
function bchRemainder(word: number): number {
  let remainder = word;
  for (let bit = 14; bit >= 10; bit -= 1) if ((remainder >> bit) & 1) remainder ^= 0x537 << (bit - 10);
  return remainder;
}

/** A text of `length` ASCII characters, varied so that it is not one long run. */
const asciiOfLength = (length: number) => Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 94))).join('');

describe('encodeQrSymbol (the Pix QR encoder)', () => {
  describe('when the text is a Pix BR Code', () => {
    it('encodes a short static code that reads back, in the smallest version holding it', () => {
      const code = createPixCode({ key: newEvpKey(), amount: '97.00', merchantName: 'Loja Exemplo', merchantCity: 'Sao Paulo', txid: newTxid() });
      assertRoundTrip(code);
    });

    it('encodes a dynamic code with a payload location URL', () => {
      const code = brCode(
        field('00', '01'),
        field('01', '12'),
        field('26', field('00', 'br.gov.bcb.pix') + field('25', 'qr-h.pix.bancoexemplo.com.br/v2/cobv/9b1f4c2ad8e34a6f8e2b7c5d1a0f3e6b')),
        field('52', '0000'),
        field('53', '986'),
        field('58', 'BR'),
        field('59', 'EDITORA LIVROS DO SERTAO'),
        field('60', 'RECIFE'),
        field('62', field('05', '***')),
      );
      assert.ok(code.length > 150, `${code.length} characters`);
      assertRoundTrip(code);
    });

    it('encodes a Pix Automático code (a first charge, a recurrence and a location: 250 to 500 characters)', () => {
      const firstCharge = createPixAutomaticoCode({
        recurrenceUrl: 'pix.example.com.br/rec/rec_3f9a1c7e5b2d4f6a8c0e',
        merchantName: 'Academia Corpo em Movimento',
        merchantCity: 'Belo Horizonte',
        firstCharge: { key: newEvpKey(), amount: '149.90', txid: newTxid() },
      });
      const journeyThree = brCode(
        field('00', '01'),
        field('26', field('00', 'br.gov.bcb.pix') + field('25', 'qr.psp-exemplo.com.br/v2/cobr/5c8e2a9f4b7d41e3a6c0f9b2d8e5a1c7f3b6d9e2')),
        field('52', '0000'),
        field('53', '986'),
        field('54', '1499.90'),
        field('58', 'BR'),
        field('59', 'ESCOLA DE IDIOMAS HORIZON'),
        field('60', 'PORTO ALEGRE'),
        field('62', field('05', '***') + field('50', field('00', 'br.gov.bcb.brcode') + field('01', '1.0.0'))),
        field('64', field('00', 'PT') + field('01', 'Escola de Idiomas Horizonte Sul Ltda ME') + field('02', 'Porto Alegre')),
        field('80', field('00', 'br.gov.bcb.pix') + field('25', 'qr.psp-exemplo.com.br/v2/rec/7e1b9d3f5a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b')),
      );
      for (const code of [firstCharge, journeyThree]) {
        assert.ok(code.length >= 250 && code.length <= 500, `${code.length} characters`);
        assertRoundTrip(code);
      }
    });
  });

  describe('when the text sits on a version boundary', () => {
    it('uses each version 1–40 up to its last byte and the next one from the byte after', () => {
      for (const [index, capacity] of BYTE_CAPACITY_M.entries()) {
        const version = index + 1;
        assertRoundTrip(asciiOfLength(capacity));
        if (version < 40) assert.equal(encodeQrSymbol(asciiOfLength(capacity + 1)).size, 17 + 4 * (version + 1), `${capacity + 1} bytes`);
      }
    });
  });

  describe('when the text is not ASCII', () => {
    it('encodes its UTF-8 and counts bytes, not characters', () => {
      // 13 characters fit version 1 (14 bytes), their 20 UTF-8 bytes do not.
      const accented = 'Ação é ótima!';
      assert.equal(accented.length, 13);
      assert.equal(assertRoundTrip(accented).size, 17 + 4 * 2);
      assertRoundTrip('Pagamento à vista — Padaria São João, R$ 97,00 ✓ 🇧🇷 ¡Gracias! 谢谢');
    });
  });

  describe('the format information', () => {
    it('says level M and the mask twice, BCH coded, and every mask wins for some text', () => {
      const masks = new Set<number>();
      for (let length = 1; length <= 2331; length += 29) {
        const [first, second] = formatInformation(encodeQrSymbol(asciiOfLength(length)));
        assert.equal(first, second, `${length} bytes: the two copies differ`);
        const word = first ^ 0b101010000010010;
        assert.equal(bchRemainder(word), 0, `${length} bytes: not a BCH code word`);
        assert.equal(word >> 13, 0b00, `${length} bytes: not level M`);
        masks.add((word >> 10) & 0b111);
      }
      assert.deepEqual([...masks].sort(), [0, 1, 2, 3, 4, 5, 6, 7]);
    });
  });

  describe('when part of the symbol is damaged', () => {
    it('still reads: the error correction codewords are right', () => {
      for (const text of [asciiOfLength(20), asciiOfLength(1100)]) {
        const intact = encodeQrSymbol(text);
        // A 4 × 4 patch of data modules inverted in the bottom-right corner, where no function pattern is.
        const damaged = (row: number, column: number) => row >= intact.size - 4 && column >= intact.size - 4;
        const modules = { size: intact.size, isDark: (row: number, column: number) => intact.isDark(row, column) !== damaged(row, column) };
        assert.equal(scan(modules).data, text);
      }
    });
  });

  describe('when the text does not fit version 40', () => {
    it('throws a RangeError past 2331 bytes, whatever the number of characters', () => {
      assert.equal(encodeQrSymbol('x'.repeat(2331)).size, 177);
      assert.throws(() => encodeQrSymbol('x'.repeat(2332)), RangeError);
      assert.throws(() => encodeQrSymbol('é'.repeat(1166)), RangeError);
    });

    it('makes encodeQr reject, which the loader shows as Failed', async () => {
      await assert.rejects(encodeQr('x'.repeat(2332)), RangeError);
    });
  });
});
