import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// A file of tests whose outcomes are known: two pass, one is skipped, three fail (one nested
// in suites, one on a comparison of arrays), and a suite's body throws before declaring its tests.
const FIXTURE = `
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
it('adds', () => assert.equal(1 + 1, 2));
it('is left for later', { skip: true }, () => {});
describe('outer', () => {
  it('passes inside', () => {});
  describe('inner', () => {
    it('compares', () => assert.equal(1, 2, 'one is not two\\nsecond line'));
  });
});
it('throws', () => { throw new TypeError('plain failure'); });
it('deep-compares', () => assert.deepEqual(['pix', 'boleto'], ['pix', 'pix_auto', 'boleto']));
describe('broken suite', () => { throw new Error('suite body threw'); });
`;

describe('the test command\'s counter of node:test results (scripts/node-test-counter.js)', () => {
  const work = mkdtempSync(join(tmpdir(), 'pay-checkout-counter-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('counts passed, failed and skipped tests, and names each failure by file, suites and test with the first line of its error, or an assertion\'s comparison', () => {
    const fixture = join(work, 'known.test.mjs');
    const totalsFile = join(work, 'totals.json');
    writeFileSync(fixture, FIXTURE);
    const run = spawnSync(process.execPath, [
      '--test',
      '--test-reporter', join(ROOT, 'scripts/node-test-counter.js'), '--test-reporter-destination', totalsFile,
      fixture,
    // Run as a run of its own, not as a subtest reporting to this one.
    ], { cwd: work, encoding: 'utf8', env: { ...process.env, NODE_TEST_CONTEXT: undefined } });
    assert.notEqual(run.status, 0, 'the fixture has failures');
    const totals = JSON.parse(readFileSync(totalsFile, 'utf8'));
    assert.deepEqual({ passed: totals.passed, failed: totals.failed, skipped: totals.skipped }, { passed: 2, failed: 4, skipped: 1 });
    assert.deepEqual(
      totals.failures.map(({ file, name }: { file: string; name: string }) => `${file}: ${name}`).sort(),
      ['known.test.mjs: broken suite', 'known.test.mjs: deep-compares', 'known.test.mjs: outer > inner > compares', 'known.test.mjs: throws'],
    );
    const byName = new Map(totals.failures.map((failure: { name: string; message: string }) => [failure.name, failure.message]));
    assert.equal(byName.get('outer > inner > compares'), 'one is not two');
    assert.equal(byName.get('throws'), 'plain failure');
    assert.equal(byName.get('broken suite'), 'suite body threw');
    // The header alone says nothing: the values compared follow it.
    const compared = String(byName.get('deep-compares')).split('\n');
    assert.equal(compared[0], 'Expected values to be strictly deep-equal:');
    assert.ok(compared.includes('+ actual - expected'), compared.join('\n'));
    assert.ok(compared.some((line) => /^-\s+'pix_auto',$/.test(line)), compared.join('\n'));
  });
});
