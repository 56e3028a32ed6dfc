import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compiledModules } from '../../bench/charge-stack.js';
import * as sourceRelay from '../../src/relay/index.js';
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

  it("runs the stack from the compiled package's directory when given one, not from src/", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-cost-bench-'));
    try {
      for (const entry of ['client', 'relay', 'sandbox']) {
        mkdirSync(join(dir, entry));
        writeFileSync(join(dir, entry, 'index.js'), `export const from = ${JSON.stringify(`${entry} of ${dir}`)}; export function createRelay() {}`);
      }
      const modules = (await compiledModules(dir)) as unknown as Record<string, { from: string; createRelay: unknown }>;
      for (const entry of ['client', 'relay', 'sandbox']) assert.equal(modules[entry]!.from, `${entry} of ${dir}`);
      assert.notEqual(modules['relay']!.createRelay, sourceRelay.createRelay);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
