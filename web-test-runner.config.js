// Browser tests: every test/**/*.browser.test.ts runs in Debian's headless Chromium, served
// next to the checkout's back end: the page's server mounts a relay at /relay, and a sandbox
// runs on its own port (its own origin). Tests read both from GET /__test-env.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, findChromium } from './scripts/executables.js';

const rootDir = fileURLToPath(new URL('.', import.meta.url));
const executablePath = findChromium();
if (!executablePath) {
  throw new Error('Chromium was not found: run `npm test` (its pretest step installs it) or set CHROME_PATH.');
}

function countResults(suite, totals, file, names = []) {
  for (const test of suite?.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else {
      totals.failed += 1;
      totals.failures.push({ file, name: [...names, test.name].join(' > '), message: firstLine(test.error?.message) });
    }
  }
  for (const child of suite?.suites ?? []) countResults(child, totals, file, [...names, child.name]);
}

function firstLine(message) {
  return String(message ?? '').split('\n', 1)[0].slice(0, 300);
}

/**
 * Writes the run's totals to PAY_CHECKOUT_TOTALS_FILE for the test command's summary line, with
 * each failure's file, test and first line of error, so the end of a long run names what failed.
 */
function totalsReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const file = process.env.PAY_CHECKOUT_TOTALS_FILE;
      if (!file) return;
      const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
      for (const session of sessions) {
        const testFile = relative(rootDir, session.testFile);
        countResults(session.testResults, totals, testFile);
        // A file that could not load or threw outside a test has no results to count.
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          totals.failed += 1;
          totals.failures.push({ file: testFile, name: '(outside any test)', message: firstLine(session.errors[0]?.message) });
        }
      }
      writeFileSync(file, JSON.stringify(totals));
    },
  };
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
const pageOrigin = `http://127.0.0.1:${port}`;
const relayPath = '/relay';
const { startCheckoutStack } = await tsImport('./demo/stack.ts', import.meta.url);
// A relay that neither lines up nor paces charges: the sandbox, its limits with it, is reset before
// each test, and a minute's budget kept through the whole run would make a busy minute's attempt wait.
const stack = await startCheckoutStack({ relayPath, pageOrigin, unpaced: true });

/** The relay and the sandbox's controls on the page's own server, and where the sandbox is. */
function checkoutStackMiddleware(ctx, next) {
  if (ctx.path === '/__test-env') {
    ctx.body = { sandboxUrl: stack.sandbox.url, relayPath, pageOrigin };
    return undefined;
  }
  if (stack.handle(ctx.req, ctx.res)) {
    // The stack writes the response itself. Koa's status stays 404 unless set, and the test
    // runner would list every relay and sandbox route as not found.
    ctx.status = 200;
    ctx.respond = false;
    return undefined;
  }
  return next();
}

export default {
  rootDir,
  files: ['test/**/*.browser.test.ts'],
  hostname: '127.0.0.1',
  port,
  nodeResolve: true,
  concurrency: 1,
  testFramework: { config: { timeout: 15000 } },
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS } })],
  middleware: [checkoutStackMiddleware],
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    { name: 'checkout-stack', serverStop: () => stack.close() },
    // The browser's accessibility tree, for the names and descriptions screen readers are given.
    a11ySnapshotPlugin(),
  ],
  reporters: [defaultReporter(), totalsReporter()],
};
