// `npm test`: the typecheck, the Node suites and the browser suites. Every part runs even when
// another fails, so one run shows everything that is wrong. The last line is the sum of all
// suites: `N passed, N failed`; above it, each failed test by file and name, with the first line
// of its error, so the end of the run says what failed without a search through its output.
//
// Most Node test files and the browser suites spend much of their time waiting (on servers,
// browsers and timers), so the browser suites run beside the Node files; their output is kept and
// printed once they end, so no two parts' lines mix. The files that follow real time closely run
// last, two at a time, with the machine otherwise quiet but for the typecheck, which keeps one core
// busy for a few seconds there instead of competing with everything else earlier.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'pay-checkout-test-'));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** `{ file, name, message }` of each failed test, and of each part that failed as a whole. */
const failures = [];

/** Seconds since `since` (a `performance.now()`), for the lines that say how long each part took. */
const secondsSince = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const runStarted = performance.now();

/**
 * Starts a part; its end answers its exit code (null when it could not start, with the error) and
 * how long it ran, taken when it exits.
 */
function start(command, args, stdio, env) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, error, took: secondsSince(started) }));
    child.once('exit', (code) => resolve({ code, took: secondsSince(started) }));
  });
}

/** Runs a part with its output on ours; answers whether it passed. The parts beside it go on meanwhile. */
async function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const { code, error, took } = await start(command, args, 'inherit', env);
  if (error) console.error(`${title}: ${error.message}`);
  console.log(`=== ${title}: ${took}`);
  return code === 0;
}

/**
 * Starts a part beside the others, its output going to a file; `ended` prints that output under
 * the part's title once the part exits and answers whether it passed.
 */
function runBeside(title, command, args, env = {}) {
  const outputFile = join(work, `${title.replace(/\W+/g, '-')}.log`);
  const output = openSync(outputFile, 'w');
  const exited = start(command, args, ['ignore', output, output], env);
  return {
    async ended() {
      const { code, error, took } = await exited;
      closeSync(output);
      console.log(`\n=== ${title}`);
      process.stdout.write(readFileSync(outputFile, 'utf8'));
      if (error) console.error(`${title}: ${error.message}`);
      console.log(`=== ${title}: ${took}, beside the others`);
      return code === 0;
    },
  };
}

function addTotals(title, file, exitedCleanly) {
  let counted;
  try {
    counted = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // The suite died before reporting: count it as one failure so the summary cannot say 0 failed.
    console.error(`${title}: no results were reported`);
    totals.failed += 1;
    failures.push({ file: '', name: title, message: 'no results were reported' });
    return;
  }
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
  failures.push(...(counted.failures ?? []));
  if (!exitedCleanly && counted.failed === 0) {
    totals.failed += 1;
    failures.push({ file: '', name: title, message: 'exited with an error, with no test failed' });
  }
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

/**
 * The builds several Node files share (test/build/shared-builds.ts): the script-tag build's module
 * variant (seven files), the npm build (three) and the demo page (six). The machine is busy on both
 * cores for the whole run, so each build made once instead of in every file is time off the run.
 * They are made while the browser suites start; should that fail, the files
 * build for themselves as they do when run alone.
 */
const sharedBuilds = join(work, 'builds');
const preparing = runBeside('shared builds', process.execPath, ['--import', 'tsx', 'scripts/test-builds.ts', sharedBuilds]);
const browserTotals = join(work, 'browser.json');
const browser = runBeside('browser tests (headless Chromium)', bin('web-test-runner'), ['--config', 'web-test-runner.config.js'], {
  PAY_CHECKOUT_TOTALS_FILE: browserTotals,
});

const nodeTests = findTests(join(root, 'test'), (name) => name.endsWith('.test.ts') && !name.endsWith('.browser.test.ts'));
/**
 * The bound of one test: a test that waits on a stream or a server that never answers fails here
 * instead of holding up the run (the longest, the Next.js example's build, takes about two
 * minutes). A test that sets its own `timeout` keeps it.
 */
const NODE_TEST_TIMEOUT_MS = 180_000;
/**
 * Files whose tests follow real time closely (rate windows of a second or two, a deploy or a kill in
 * the middle of traffic): they run after the others, on a machine that is otherwise quiet. They
 * run two at a time: together they keep less than half of its two cores busy (one at a time took
 * 76 s of a run, with the machine 80 % idle; two at a time 42 s, and seven runs in a row passed,
 * one of them beside a loop that kept a core busy, and three more beside the typecheck, which now
 * runs there). A run with the whole machine loaded is another matter: a Redis answer held back
 * 100 ms failed a correct cluster once.
 * The other files run two at a time: most of their time is spent waiting on servers and browsers,
 * and each starts by compiling its imports.
 */
const REAL_TIME_FILES = new Set([
  'test/client/pacing.test.ts',
  'test/relay/redis-cluster-failover.test.ts',
  'test/relay/redis-cluster.test.ts',
  'test/relay/rolling-restart.test.ts',
  'test/reliability/instances-come-and-go.test.ts',
  'test/reliability/launch.test.ts',
  'test/reliability/redis-outage.test.ts',
  'test/store/redis-cluster-store.test.ts',
  'test/store/redis-sentinel-store.test.ts',
]);
const NODE_TEST_CONCURRENCY = 2;
const REAL_TIME_CONCURRENCY = 2;

async function runNodeTests(title, files, concurrency, env) {
  const totalsFile = join(work, `${title.replace(/\W+/g, '-')}.json`);
  const ok = await run(title, process.execPath, [
    '--import', 'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${NODE_TEST_TIMEOUT_MS}`,
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/node-test-counter.js', `--test-reporter-destination=${totalsFile}`,
    ...files,
  ], env);
  addTotals(title, totalsFile, ok);
}

const missing = [...REAL_TIME_FILES].filter((file) => !nodeTests.includes(file));
if (missing.length > 0) {
  // A renamed file must not leave the list silently: it would then run among the others.
  console.error(`scripts/test.js names test files that do not exist: ${missing.join(', ')}`);
  totals.failed += 1;
  failures.push({ file: 'scripts/test.js', name: 'REAL_TIME_FILES', message: `names test files that do not exist: ${missing.join(', ')}` });
}
const sharedBuildsEnv = {};
if (await preparing.ended()) sharedBuildsEnv.PAY_CHECKOUT_TEST_BUILDS = sharedBuilds;
else {
  totals.failed += 1;
  failures.push({ file: 'scripts/test-builds.ts', name: 'shared builds', message: 'see its output above; each file built for itself' });
}
await runNodeTests(`node tests, ${NODE_TEST_CONCURRENCY} files at a time`, nodeTests.filter((file) => !REAL_TIME_FILES.has(file)), NODE_TEST_CONCURRENCY, sharedBuildsEnv);
addTotals('browser tests', browserTotals, await browser.ended());
const typecheck = runBeside('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', '.']);
await runNodeTests(
  `node tests that follow real time, ${REAL_TIME_CONCURRENCY} files at a time`,
  nodeTests.filter((file) => REAL_TIME_FILES.has(file)),
  REAL_TIME_CONCURRENCY,
);
if (!(await typecheck.ended())) {
  console.error('typecheck failed: counted as one failure');
  totals.failed += 1;
  failures.push({ file: '', name: 'typecheck (tsc --noEmit)', message: 'see its output above' });
}

rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  console.log(`\nfailed:`);
  for (const { file, name, message } of failures) console.log(`  ${file ? `${file}: ` : ''}${name}${message ? `\n      ${message.replaceAll('\n', '\n      ')}` : ''}`);
}
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\nnpm test: ${secondsSince(runStarted)}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
