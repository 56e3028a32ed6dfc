import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { roundTripsInRow } from '../../bench/cold-config.js';

const span = (path: string, start: number, end: number) => ({ path, start, end });

describe("the cold configuration benchmark's count of upstream round trips in a row", () => {
  it('counts requests sent together as one round trip, and each one sent after another ended as one more', () => {
    assert.equal(roundTripsInRow([]), 0);
    assert.equal(roundTripsInRow([span('/a', 0, 50), span('/b', 1, 52), span('/c', 2, 49)]), 1);
    // The token, then three together, then the product once the offer is in.
    const relayFirst = [span('/token', 0, 50), span('/fees', 51, 101), span('/interest', 51, 102), span('/offers', 52, 100), span('/products/p', 100, 150)];
    assert.equal(roundTripsInRow(relayFirst), 3);
    // Given in any order, the chain is the same.
    assert.equal(roundTripsInRow([...relayFirst].reverse()), 3);
  });

  it('counts a request that starts before another has ended as beside it, not after it', () => {
    assert.equal(roundTripsInRow([span('/a', 0, 50), span('/b', 49.9, 100)]), 1);
    assert.equal(roundTripsInRow([span('/a', 0, 50), span('/b', 50, 100)]), 2);
    // The longest chain counts, not the number of requests: a long one beside a short chain of two.
    assert.equal(roundTripsInRow([span('/long', 0, 200), span('/a', 0, 50), span('/b', 60, 100)]), 2);
  });
});
