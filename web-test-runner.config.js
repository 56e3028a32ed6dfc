// Browser tests: every test/**/*.browser.test.ts runs in Debian's headless Chromium.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { CHROMIUM_ARGS, findChromium } from './scripts/executables.js';

const executablePath = findChromium();
if (!executablePath) {
  throw new Error('Chromium was not found: run `npm test` (its pretest step installs it) or set CHROME_PATH.');
}

function countResults(suite, totals) {
  for (const test of suite?.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite?.suites ?? []) countResults(child, totals);
}

/** Writes the run's totals to PAY_CHECKOUT_TOTALS_FILE for the test command's summary line. */
function totalsReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const file = process.env.PAY_CHECKOUT_TOTALS_FILE;
      if (!file) return;
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        countResults(session.testResults, totals);
        // A file that could not load or threw outside a test has no results to count.
        if (!session.passed && (session.errors?.length ?? 0) > 0) totals.failed += 1;
      }
      writeFileSync(file, JSON.stringify(totals));
    },
  };
}

export default {
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  files: ['test/**/*.browser.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS } })],
  plugins: [esbuildPlugin({ ts: true, tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) })],
  reporters: [defaultReporter(), totalsReporter()],
};
