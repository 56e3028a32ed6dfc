import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { format, normalize, validate } from '../../../src/widget/fields/card-expiry.js';

const JUNE_2025 = new Date(2025, 5, 15);

describe('card expiry', () => {
  describe('format', () => {
    it('waits for the month, adds the slash after it, then the year', () => {
      assert.equal(format(''), '');
      assert.equal(format('1'), '1');
      assert.equal(format('12', '1'), '12/');
      assert.equal(format('12/2', '12/'), '12/2');
      assert.equal(format('1226'), '12/26');
    });

    it('reads a first digit of 2 to 9 as a one-digit month', () => {
      assert.equal(format('4'), '04/');
      assert.equal(format('426'), '04/26');
    });

    it('pads a one-digit month the buyer closed with a separator', () => {
      assert.equal(format('1/'), '01/');
      assert.equal(format('1/26'), '01/26');
      assert.equal(format('1 26'), '01/26');
    });

    it('keeps a four-digit year from autofill or paste', () => {
      assert.equal(format('12/2026'), '12/2026');
      assert.equal(format('122026'), '12/2026');
      assert.equal(format('12 / 2026 '), '12/2026');
    });

    it('does not add the slash back while the buyer deletes', () => {
      assert.equal(format('12', '12/'), '12');
      assert.equal(format('04', '04/'), '04');
      assert.equal(format('1', '12'), '1');
    });

    it('keeps a slash the buyer left while deleting the year', () => {
      assert.equal(format('12/', '12/2'), '12/');
    });
  });

  describe('normalize', () => {
    it('gives the month as MM and the year as YYYY', () => {
      assert.deepEqual(normalize('12/26'), { expMonth: '12', expYear: '2026' });
      assert.deepEqual(normalize('1/2030'), { expMonth: '01', expYear: '2030' });
      assert.deepEqual(normalize('0427'), { expMonth: '04', expYear: '2027' });
    });

    it('has nothing to send for an incomplete or impossible expiry', () => {
      assert.equal(normalize('12/'), undefined);
      assert.equal(normalize('12/202'), undefined);
      assert.equal(normalize('13/26'), undefined);
      assert.equal(normalize('00/26'), undefined);
    });
  });

  describe('validate', () => {
    it('accepts this month and later', () => {
      assert.equal(validate('06/25', JUNE_2025), undefined);
      assert.equal(validate('01/26', JUNE_2025), undefined);
      assert.equal(validate('12/2045', JUNE_2025), undefined);
    });

    it('asks for the expiry when there is none', () => {
      assert.equal(validate('', JUNE_2025), 'field.cardExpiry.error.required');
    });

    it('refuses an unreadable expiry', () => {
      assert.equal(validate('1', JUNE_2025), 'field.cardExpiry.error.invalid');
      assert.equal(validate('13/26', JUNE_2025), 'field.cardExpiry.error.invalid');
    });

    it('refuses an expiry in the past', () => {
      assert.equal(validate('05/25', JUNE_2025), 'field.cardExpiry.error.expired');
      assert.equal(validate('12/24', JUNE_2025), 'field.cardExpiry.error.expired');
    });

    it('refuses a year more than 20 years ahead as a date that is not valid, not as a wrong format', () => {
      assert.equal(validate('01/46', JUNE_2025), 'field.cardExpiry.error.tooFar');
      assert.equal(validate('12/99', JUNE_2025), 'field.cardExpiry.error.tooFar');
      assert.equal(validate('12/2045', JUNE_2025), undefined);
    });

    it('judges by the real clock when no date is given', () => {
      assert.equal(validate('01/20'), 'field.cardExpiry.error.expired');
      const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
      assert.equal(validate(`12/${nextYear}`), undefined);
    });
  });
});
