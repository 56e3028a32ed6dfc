import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { editDistance, suggestEmail } from '../../../src/widget/fields/email-domain.js';

describe('email domain suggestion', () => {
  describe('editDistance', () => {
    it('counts an added, dropped or changed letter as one edit', () => {
      assert.equal(editDistance('gmail.com', 'gmail.com'), 0);
      assert.equal(editDistance('gmai.com', 'gmail.com'), 1);
      assert.equal(editDistance('gmaill.com', 'gmail.com'), 1);
      assert.equal(editDistance('gmail.con', 'gmail.com'), 1);
    });

    it('counts two neighbours swapped as one edit', () => {
      assert.equal(editDistance('gmial.com', 'gmail.com'), 1);
      assert.equal(editDistance('gmial.con', 'gmail.com'), 2);
    });

    it('counts from and to nothing', () => {
      assert.equal(editDistance('', 'uol'), 3);
      assert.equal(editDistance('bol', ''), 3);
    });
  });

  describe('suggestEmail', () => {
    const cases: [typed: string, meant: string][] = [
      ['maria@gmial.com', 'maria@gmail.com'],
      ['maria@gmail.con', 'maria@gmail.com'],
      ['maria@gmial.con', 'maria@gmail.com'],
      ['joao@hotmial.com', 'joao@hotmail.com'],
      ['joao@hotmail.co', 'joao@hotmail.com'],
      ['ana@outlok.com', 'ana@outlook.com'],
      ['ana@yahoo.com.bt', 'ana@yahoo.com.br'],
      ['ana@yaho.com.br', 'ana@yahoo.com.br'],
      ['ana@yahooo.com.br', 'ana@yahoo.com.br'],
      ['rui@uol.com.vr', 'rui@uol.com.br'],
      ['rui@bol.con.br', 'rui@bol.com.br'],
      ['rui@tera.com.br', 'rui@terra.com.br'],
      ['rui@terra.com.bt', 'rui@terra.com.br'],
    ];
    for (const [typed, meant] of cases) {
      it(`suggests ${meant} for ${typed}`, () => assert.equal(suggestEmail(typed), meant));
    }

    it('keeps the local part as typed and reads the domain in any case', () => {
      assert.equal(suggestEmail('Maria.Silva+loja@GMIAL.COM'), 'Maria.Silva+loja@gmail.com');
    });

    it('suggests nothing for a common domain, whatever its case', () => {
      for (const address of ['maria@gmail.com', 'maria@yahoo.com.br', 'maria@uol.com.br', 'maria@bol.com.br', 'maria@Hotmail.com']) {
        assert.equal(suggestEmail(address), undefined, address);
      }
    });

    it('suggests nothing for a domain close to no common one', () => {
      for (const address of ['maria@empresa.com.br', 'maria@usp.br', 'maria@gmx.de', 'maria@mail.com.br', 'maria@example.com']) {
        assert.equal(suggestEmail(address), undefined, address);
      }
    });

    it('allows one edit only on a short domain, where two would reach unrelated ones', () => {
      assert.equal(suggestEmail('maria@ig.com'), undefined);
      assert.equal(suggestEmail('maria@msn.co'), 'maria@msn.com');
    });

    it('suggests nothing without a local part or a domain', () => {
      for (const address of ['', 'maria', '@gmial.com', 'maria@']) assert.equal(suggestEmail(address), undefined, address);
    });
  });
});
