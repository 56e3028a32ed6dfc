import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutShiftRows } from '../../bench/layout-shift.js';

describe("the layout shift benchmark's table", () => {
  it('gives each screen its column and each page the median of its visits, to three decimals', () => {
    const rows = layoutShiftRows({
      visits: 3,
      screens: [
        { label: 'a phone', plain: [0.59, 0.5857, 0.6], reserved: [0, 0.004, 0], paid: [0.4949, 0.001, 0.002] },
        { label: 'a desktop', plain: [0.2, 0.1189, 0.1], reserved: [0.0126, 0, 0.0134], paid: [0, 0, 0.1] },
      ],
    });
    assert.equal(rows.length, 5);
    assert.match(rows[0]!, /\| on a phone \| on a desktop \|$/);
    assert.match(rows[0]!, /median of 3/);
    assert.match(rows[2]!, /\| 0\.590 \| 0\.119 \|$/);
    assert.match(rows[3]!, /\| 0\.000 \| 0\.013 \|$/);
    assert.match(rows[4]!, /Pix buyer/);
    assert.match(rows[4]!, /\| 0\.002 \| 0\.000 \|$/);
  });
});
