import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ANNOUNCED_MARKS,
  estimateClockOffset,
  formatCountdown,
  markCrossed,
  msUntil,
  secondsLeft,
} from '../../../src/widget/results/countdown.js';

const NOW = Date.parse('2026-03-01T13:00:00Z'); // 10:00 in São Paulo

describe('the Pix countdown', () => {
  describe('msUntil', () => {
    it('reads the ISO form', () => {
      assert.equal(msUntil('2026-03-01T10:05:00-03:00', 0, NOW), 5 * 60_000);
      assert.equal(msUntil('2026-03-01T13:05:00Z', 0, NOW), 5 * 60_000);
    });

    it('reads the space-separated form the API writes in pix.expirationDate', () => {
      assert.equal(msUntil('2026-03-01 10:05:00-03:00', 0, NOW), 5 * 60_000);
      assert.equal(msUntil('2026-03-01 10:05:00-0300', 0, NOW), 5 * 60_000);
    });

    it('runs on the API\'s clock: a buyer 10 minutes behind still sees the API\'s time left', () => {
      assert.equal(msUntil('2026-03-01 10:05:00-03:00', 10 * 60_000, NOW), -5 * 60_000);
      assert.equal(msUntil('2026-03-01 10:05:00-03:00', -2 * 60_000, NOW), 7 * 60_000);
    });

    it('answers undefined for a date it cannot read', () => {
      assert.equal(msUntil('amanhã', 0, NOW), undefined);
      assert.equal(msUntil('2026-02-30 10:00:00-03:00', 0, NOW), undefined);
    });
  });

  describe('estimateClockOffset', () => {
    it('is the order\'s createdAt minus the buyer\'s clock at receipt', () => {
      assert.equal(estimateClockOffset('2026-03-01T10:10:00-03:00', NOW), 10 * 60_000);
      assert.equal(estimateClockOffset('2026-03-01 09:59:30-03:00', NOW), -30_000);
    });

    it('is 0 when createdAt cannot be read', () => {
      assert.equal(estimateClockOffset('', NOW), 0);
    });
  });

  it('rounds seconds up, so 00:00 is the moment of expiry', () => {
    assert.equal(secondsLeft(59_001), 60);
    assert.equal(secondsLeft(59_000), 59);
    assert.equal(secondsLeft(1), 1);
    assert.equal(secondsLeft(0), 0);
    assert.equal(secondsLeft(-5000), 0);
  });

  it('writes mm:ss, and h:mm:ss from an hour', () => {
    assert.equal(formatCountdown(0), '00:00');
    assert.equal(formatCountdown(65), '01:05');
    assert.equal(formatCountdown(3599), '59:59');
    assert.equal(formatCountdown(3600), '1:00:00');
    assert.equal(formatCountdown(86_399), '23:59:59');
  });

  describe('markCrossed', () => {
    it('finds the mark between two readings', () => {
      assert.equal(markCrossed(301, 300), 300);
      assert.equal(markCrossed(61, 59), 60);
    });

    it('finds none between two readings on the same side of every mark', () => {
      assert.equal(markCrossed(299, 298), undefined);
      assert.equal(markCrossed(3600, 3599), undefined);
    });

    it('finds the nearest mark when a sleeping tab skipped several', () => {
      assert.equal(markCrossed(900, 100), 120);
    });

    it('marks a few moments only, never every second', () => {
      const crossed = Array.from({ length: 3600 }, (_, i) => markCrossed(3600 - i, 3599 - i)).filter((mark) => mark !== undefined);
      assert.deepEqual(crossed, [...ANNOUNCED_MARKS]);
    });
  });
});
