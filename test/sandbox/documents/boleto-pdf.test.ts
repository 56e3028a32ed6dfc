import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBoleto, formatDigitableLine } from '../../../src/sandbox/documents/boleto.js';
import { renderBoletoPdf } from '../../../src/sandbox/documents/boleto-pdf.js';
import type { BoletoPdfInput } from '../../../src/sandbox/documents/boleto-pdf.js';

function sampleInput(overrides: Partial<BoletoPdfInput> = {}): BoletoPdfInput {
  const slip = createBoleto({ bankCode: '001', amount: '104.70', dueDate: '2026-12-01' });
  return {
    digitableLine: slip.digitableLine,
    barcode44: slip.barcode44,
    amount: '104.70',
    dueDate: '2026-12-01',
    beneficiary: { name: 'Produtora Exemplo Ltda', document: '12345678000195' },
    payer: { name: 'José da Conceição', document: '12345678909' },
    orderId: 'ord_9f8e7d',
    currency: 'BRL',
    ...overrides,
  };
}

/** One character per byte, so string indexes are byte offsets. */
function asLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

/** The bytes between `stream\n` and `\nendstream` of the only stream, checked against its /Length. */
function contentStream(file: string): string {
  const match = /<< \/Length (\d+) >>\nstream\n/.exec(file);
  assert.ok(match, 'a stream with /Length');
  const start = match.index + match[0].length;
  const end = file.indexOf('\nendstream', start);
  assert.equal(end - start, Number(match[1]), '/Length is the stream byte count');
  return file.slice(start, end);
}

/**
 * Reads the ITF symbol back from the `x y w h re` rectangles: bar widths, and the gaps between
 * bars as spaces; an element is wide when over twice the narrowest.
 */
function decodeInterleaved2of5(content: string): string {
  const bars = [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)]
    .map((match) => ({ x: Number(match[1]), width: Number(match[3]) }))
    .sort((left, right) => left.x - right.x);
  const elements: number[] = [];
  bars.forEach((bar, index) => {
    elements.push(bar.width);
    const next = bars[index + 1];
    if (next) elements.push(next.x - (bar.x + bar.width));
  });
  const narrow = Math.min(...elements);
  const wide = elements.map((width) => width > 2 * narrow);
  assert.deepEqual(wide.slice(0, 4), [false, false, false, false], 'start pattern');
  assert.deepEqual(wide.slice(-3), [true, false, false], 'stop pattern');
  const body = wide.slice(4, -3);
  assert.equal(body.length % 10, 0, 'whole digit pairs');
  // ITF weights of the five elements are 1, 2, 4, 7 and parity; the sum 11 stands for 0.
  const digitOf = (flags: boolean[]) => {
    assert.equal(flags.filter(Boolean).length, 2, 'two wide elements per digit');
    const sum = [1, 2, 4, 7, 0].reduce((total, weight, index) => total + (flags[index] ? weight : 0), 0);
    return sum === 11 ? 0 : sum;
  };
  let digits = '';
  for (let pair = 0; pair < body.length; pair += 10) {
    const group = body.slice(pair, pair + 10);
    digits += `${digitOf(group.filter((_, index) => index % 2 === 0))}${digitOf(group.filter((_, index) => index % 2 === 1))}`;
  }
  return digits;
}

describe('renderBoletoPdf', () => {
  it('writes a PDF 1.4 file from header to %%EOF', () => {
    const file = asLatin1(renderBoletoPdf(sampleInput()));
    assert.ok(file.startsWith('%PDF-1.4\n'));
    assert.ok(file.endsWith('%%EOF'));
    // Past the binary-marker comment on line 2, every byte is ASCII: accents are octal escapes.
    assert.match(file.slice(file.indexOf('\n', 9) + 1), /^[\x09\x0a\x0d\x20-\x7e]*$/);
  });

  it('has a cross-reference table whose offsets point at each object, and a startxref at it', () => {
    const file = asLatin1(renderBoletoPdf(sampleInput()));
    const startxref = /startxref\n(\d+)\n%%EOF$/.exec(file);
    assert.ok(startxref);
    const xrefOffset = Number(startxref[1]);
    assert.ok(file.startsWith('xref\n', xrefOffset));
    const table = /^xref\n0 (\d+)\n((?:\d{10} \d{5} [fn] \n)+)trailer\n<< ([^>]*) >>/.exec(file.slice(xrefOffset));
    assert.ok(table, 'xref section followed by the trailer');
    const count = Number(table[1]);
    const entries = table[2]!.match(/[\s\S]{20}/g)!;
    assert.equal(entries.length, count);
    assert.equal(entries[0], '0000000000 65535 f \n');
    assert.match(table[3]!, new RegExp(`/Size ${count}\\b`));
    entries.slice(1).forEach((entry, index) => {
      const number = index + 1;
      const offset = Number(entry.slice(0, 10));
      assert.ok(file.startsWith(`${number} 0 obj\n`, offset), `object ${number} at ${offset}`);
      const found = file.search(new RegExp(`(^|\\n)${number} 0 obj\\n`));
      assert.equal(offset, found === 0 ? 0 : found + 1, `object ${number} found in the bytes`);
    });
    const root = /\/Root (\d+) 0 R/.exec(table[3]!);
    assert.ok(root);
    const rootOffset = Number(entries[Number(root[1])]!.slice(0, 10));
    assert.ok(file.startsWith(`${root[1]} 0 obj\n<< /Type /Catalog`, rootOffset));
  });

  it('declares one A4 page with Helvetica in WinAnsiEncoding', () => {
    const file = asLatin1(renderBoletoPdf(sampleInput()));
    assert.match(file, /\/Type \/Pages \/Kids \[3 0 R\] \/Count 1/);
    assert.match(file, /\/MediaBox \[0 0 595\.28 841\.89\]/);
    assert.match(file, /\/BaseFont \/Helvetica \/Encoding \/WinAnsiEncoding/);
  });

  it('prints the grouped digitable line, due date, amount, parties, order and the sandbox notice', () => {
    const input = sampleInput();
    const content = contentStream(asLatin1(renderBoletoPdf(input)));
    assert.ok(content.includes(`(${formatDigitableLine(input.digitableLine)}) Tj`));
    assert.ok(content.includes('(01/12/2026) Tj'));
    assert.ok(content.includes('(R$ 104,70) Tj'));
    assert.ok(content.includes('(Produtora Exemplo Ltda \\(12.345.678/0001-95\\)) Tj'));
    // WinAnsi: é = 351, ç = 347, ã = 343 (octal); — = 227.
    assert.ok(content.includes('(Jos\\351 da Concei\\347\\343o \\(123.456.789-09\\)) Tj'));
    assert.ok(content.includes('(ord_9f8e7d) Tj'));
    assert.ok(content.includes('(SANDBOX \\227 sem valor) Tj'));
  });

  it('escapes parentheses and backslashes in text', () => {
    const content = contentStream(
      asLatin1(renderBoletoPdf(sampleInput({ payer: { name: 'Ana (teste) \\ final' }, orderId: 'a)b' }))),
    );
    assert.ok(content.includes('(Ana \\(teste\\) \\\\ final) Tj'));
    assert.ok(content.includes('(a\\)b) Tj'));
  });

  it('writes thousands, small amounts and other currencies in Brazilian form', () => {
    const slip = createBoleto({ bankCode: '001', amount: '1234567.8', dueDate: '2026-12-01' });
    const large = contentStream(asLatin1(renderBoletoPdf(sampleInput({ ...slip, amount: '1234567.8' }))));
    assert.ok(large.includes('(R$ 1.234.567,80) Tj'));
    const small = contentStream(asLatin1(renderBoletoPdf(sampleInput({ amount: '0.05' }))));
    assert.ok(small.includes('(R$ 0,05) Tj'));
    const dollars = contentStream(asLatin1(renderBoletoPdf(sampleInput({ currency: 'USD' }))));
    assert.ok(dollars.includes('(USD 104,70) Tj'));
  });

  it('draws bars that decode through Interleaved 2 of 5 to the 44 barcode digits', () => {
    for (let round = 0; round < 20; round += 1) {
      const input = sampleInput();
      const content = contentStream(asLatin1(renderBoletoPdf(input)));
      assert.equal(decodeInterleaved2of5(content), input.barcode44);
    }
  });

  it('refuses a barcode that is not the line\'s, a bad due date or a bad amount', () => {
    const other = createBoleto({ bankCode: '237', amount: '5.00', dueDate: '2026-12-01' });
    assert.throws(() => renderBoletoPdf(sampleInput({ barcode44: other.barcode44 })), /código de barras/);
    assert.throws(() => renderBoletoPdf(sampleInput({ dueDate: '2026-02-30' })), /vencimento/);
    assert.throws(() => renderBoletoPdf(sampleInput({ amount: '1,00' })), /Valor/);
  });
});
