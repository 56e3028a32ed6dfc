import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatAmount } from '../../../src/widget/i18n/format-amount.js';
import { formatTag } from '../../../src/widget/i18n/locales.js';
import { formatDueDate } from '../../../src/widget/results/boleto-result/boleto-slip.js';
import {
  AMOUNTS,
  CURRENCIES,
  FOREIGN_SIGNS,
  LITERAL_CASES,
  REGIONS,
  REGION_TAGS,
  expectedNumber,
  intlAmount,
  markerOf,
  plainSpaces,
} from './regional-formats-table.js';

/** The widget's amount for a buyer who asked for `tag`. */
const shown = (amount: string, currency: (typeof CURRENCIES)[number], tag: string) => plainSpaces(formatAmount(amount, currency, tag));

describe('regional formats of amounts', () => {
  it('write the hand-checked amounts as each region does', () => {
    for (const [tag, currency, amount, expected] of LITERAL_CASES) {
      assert.equal(shown(amount, currency, tag), expected, `${amount} ${currency} in ${tag}`);
    }
  });

  it('write every currency of the API in every region as Intl does with the rules\' decimals', () => {
    let cells = 0;
    for (const tag of REGION_TAGS) {
      for (const currency of CURRENCIES) {
        for (const amount of AMOUNTS) {
          assert.equal(shown(amount, currency, tag), plainSpaces(intlAmount(amount, tag, currency)), `${amount} ${currency} in ${tag}`);
          cells += 1;
        }
      }
    }
    assert.equal(cells, 8 * 10 * 2);
  });

  it('use the region\'s separators and decimals, its own sign for its own money and no bare sign for another\'s', () => {
    for (const tag of REGION_TAGS) {
      const { own, ownPrefix } = REGIONS[tag];
      for (const currency of CURRENCIES) {
        for (const amount of AMOUNTS) {
          const text = shown(amount, currency, tag) ?? '';
          const number = expectedNumber(amount, tag, currency);
          const where = `${amount} ${currency} in ${tag}: ${text}`;
          assert.ok(text.includes(number), `${where} lacks ${number}`);
          if (currency === own) {
            assert.equal(text, `${ownPrefix}${number}`, where);
          } else {
            assert.ok([currency, ...(FOREIGN_SIGNS[currency] ?? [])].includes(markerOf(text, number)), `${where}: foreign currency not named`);
          }
        }
      }
    }
  });

  it('keep the language\'s own formats for a tag without a region, and the texts\' language for a tag of another', () => {
    assert.equal(shown('1234.50', 'MXN', 'es'), '1234,50 MXN');
    assert.equal(shown('1234.50', 'BRL', 'pt-BR'), 'R$ 1.234,50');
    assert.equal(shown('1234.50', 'BRL', 'fr-FR'), 'R$ 1.234,50');
    assert.equal(shown('1234.50', 'MXN', 'es_MX'), '$1,234.50');
    // The texts fell back to pt-BR (their catalogue could not load): the amount reads as their sentence does.
    assert.equal(plainSpaces(formatAmount('1234.50', 'MXN', 'es-MX', 'pt-BR')), 'MX$ 1.234,50');
  });

  it('never throw on a tag Intl cannot read', () => {
    assert.equal(shown('1234.50', 'MXN', 'es-'), '1234,50 MXN');
    assert.equal(shown('1234.50', 'BRL', ''), 'R$ 1.234,50');
  });
});

describe('regional formats of dates', () => {
  it('write the boleto\'s due day in the order of the region', () => {
    assert.equal(formatDueDate('2026-03-04', formatTag('en-US')), 'March 4, 2026');
    assert.equal(formatDueDate('2026-03-04', formatTag('en-GB')), '4 March 2026');
    assert.equal(formatDueDate('2026-03-04', formatTag('es-MX')), '4 de marzo de 2026');
    assert.equal(formatDueDate('2026-03-04', formatTag('pt-BR')), '4 de março de 2026');
  });
});
