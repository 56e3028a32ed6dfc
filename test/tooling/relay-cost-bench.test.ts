import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpuBudgetForThroughput } from '../../bench/relay-proxy-report.js';
import { roundCost } from '../../bench/relay-overhead.js';

describe("the relay benchmark's cost per charge", () => {
  it('divides what the child spent during a round, user and kernel together, by the charges of the round', () => {
    const before = { userMicros: 1_000_000, systemMicros: 200_000, minorGcMs: 40, majorGcMs: 5 };
    const after = { userMicros: 1_900_000, systemMicros: 300_000, minorGcMs: 100, majorGcMs: 8 };
    assert.deepEqual(roundCost(before, after, 1000), { cpuMicros: 1000, systemMicros: 100, minorGcMsPer1000: 60, majorGcMsPer1000: 3 });
  });

  it('gives a round without charges its whole spend rather than dividing by zero', () => {
    const usage = { userMicros: 10, systemMicros: 0, minorGcMs: 0, majorGcMs: 0 };
    assert.equal(roundCost(usage, { ...usage, userMicros: 30 }, 0).cpuMicros, 20);
  });

  it("allows the relay's row the bare proxy's CPU per charge over the throughput goal", () => {
    const proxy = { cpuMicros: 640, systemMicros: 60, minorGcMsPer1000: 30, majorGcMsPer1000: 1 };
    assert.equal(cpuBudgetForThroughput(proxy), 800);
  });
});
