// `npm test`: the typecheck, the Node suites and the browser suites, in that order. Every
// part runs even when an earlier one fails, so one run shows everything that is wrong. The
// last line is the sum of all suites: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'pay-checkout-test-'));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function addTotals(title, file, exitedCleanly) {
  let counted;
  try {
    counted = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // The suite died before reporting: count it as one failure so the summary cannot say 0 failed.
    console.error(`${title}: no results were reported`);
    totals.failed += 1;
    return;
  }
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
  if (!exitedCleanly && counted.failed === 0) totals.failed += 1;
}

function findTests(dir, matches) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTests(path, matches));
    else if (matches(entry.name)) found.push(relative(root, path));
  }
  return found.sort();
}

if (!run('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', '.'])) {
  console.error('typecheck failed: counted as one failure');
  totals.failed += 1;
}

const nodeTests = findTests(join(root, 'test'), (name) => name.endsWith('.test.ts') && !name.endsWith('.browser.test.ts'));
const nodeTotals = join(work, 'node.json');
/**
 * No test of ours takes a minute (the longest, a fuzzer's 10,000 cases, about 35 s here); a test that
 * waits on a stream or a server that never answers fails at this bound instead of holding up the run.
 * A test that sets its own `timeout` keeps it.
 */
const NODE_TEST_TIMEOUT_MS = 180_000;
const nodeOk = run('node tests', process.execPath, [
  '--import', 'tsx',
  '--test',
  `--test-timeout=${NODE_TEST_TIMEOUT_MS}`,
  '--test-reporter=spec', '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/node-test-counter.js', `--test-reporter-destination=${nodeTotals}`,
  ...nodeTests,
]);
addTotals('node tests', nodeTotals, nodeOk);

const browserTotals = join(work, 'browser.json');
const browserOk = run('browser tests (headless Chromium)', bin('web-test-runner'), ['--config', 'web-test-runner.config.js'], {
  PAY_CHECKOUT_TOTALS_FILE: browserTotals,
});
addTotals('browser tests', browserTotals, browserOk);

rmSync(work, { recursive: true, force: true });
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
