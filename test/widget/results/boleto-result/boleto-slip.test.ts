import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDigitableLine, formatDueDate, slipHref } from '../../../../src/widget/results/boleto-result/boleto-slip.js';

const LINE = '00190000090123456789012345678901234560000009700';

describe('the boleto slip', () => {
  it('writes a 47-digit line in its groups: 5.5 5.6 5.6 1 14', () => {
    assert.equal(formatDigitableLine(LINE), '00190.00009 01234.567890 12345.678901 2 34560000009700');
  });

  it('writes a line that already has its dots and spaces the same way', () => {
    assert.equal(formatDigitableLine('00190.00009 01234.567890 12345.678901 2 34560000009700'), '00190.00009 01234.567890 12345.678901 2 34560000009700');
  });

  it('leaves a line of another length as it came', () => {
    assert.equal(formatDigitableLine('8365000000123'), '8365000000123');
  });

  it('writes the due day in the buyer\'s language, on its calendar day whatever the time zone', () => {
    assert.equal(formatDueDate('2026-03-04', 'pt-BR'), '4 de março de 2026');
    assert.equal(formatDueDate('2026-03-04', 'es'), '4 de marzo de 2026');
    assert.equal(formatDueDate('2026-03-04', 'en'), 'March 4, 2026');
    assert.equal(formatDueDate('04/03/2026', 'pt-BR'), '04/03/2026');
  });

  it('links only to web addresses', () => {
    assert.equal(slipHref('https://sandbox.example/sandbox/boletos/ord_1.pdf'), 'https://sandbox.example/sandbox/boletos/ord_1.pdf');
    assert.equal(slipHref('http://127.0.0.1:4010/sandbox/boletos/ord_1.pdf'), 'http://127.0.0.1:4010/sandbox/boletos/ord_1.pdf');
    assert.equal(slipHref('javascript:alert(1)'), undefined);
    assert.equal(slipHref('boleto.pdf'), undefined);
  });
});
