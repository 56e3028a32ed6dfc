/**
 * `npm run bench`: issue 7's benchmarks in one run on this machine, printed and written into the
 * "Benchmarks" section of docs/performance.md.
 * 1. bench/peer-bundle.ts and bench/interactive-card-form.ts: bytes and time to an interactive card
 *    form, ours against @adyen/adyen-web and against a static HTML form.
 * 2. bench/relay-overhead.ts: what the relay adds to a charge, and its requests per second.
 * 3. bench/token-and-pacing.ts: tokens per 1,000 charges, and a burst of ten times the charge limit.
 * A full run takes a few minutes; none of it runs in `npm test` (no timed assertions there).
 *
 * `npm run bench -- --only card-form` runs only the card form's speed (bench/card-form-speed.ts:
 * time to an interactive form, typing, pay to QR, the waterfall) on a fresh build of ours, prints
 * it and writes its own section of docs/performance.md and its chart, leaving the others as they are.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { measureCardFormSpeed, withFreshBuild } from './card-form-speed.js';
import { measurePeerBundles } from './peer-bundle.js';
import { measureRelayOverhead } from './relay-overhead.js';
import { benchSection, writeBenchSection } from './report.js';
import { writeSpeedSection } from './speed-report.js';
import { measureTokenAndPacing } from './token-and-pacing.js';

const COMMAND = 'npm run bench';
const DOC = join(import.meta.dirname, '..', 'docs', 'performance.md');
const WATERFALL = join(import.meta.dirname, '..', 'docs', 'card-form-waterfall.svg');
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (ONLY !== undefined && ONLY !== 'card-form') throw new Error(`npm run bench: --only takes card-form, not ${ONLY}`);

/** How much each benchmark does: enough runs for a stable median, a full run under ten minutes. */
const SETTINGS = {
  interactiveRuns: 20,
  relay: { requests: 300, warmUp: 30, connections: 10, durationSeconds: 10 },
  pacing: { charges: 1000, concurrency: 10, scaledLimit: 6, windowSeconds: 1, burstFactor: 10 },
} as const;

async function step<T>(title: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  console.log(`bench: ${title}…`);
  const result = await run();
  console.log(`bench: ${title} done (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

const started = performance.now();
const date = new Date();
if (ONLY === 'card-form') {
  const speed = await withFreshBuild((dir) => measureCardFormSpeed(dir, SETTINGS.interactiveRuns));
  console.log(`\n${writeSpeedSection(DOC, speed, { date, command: `${COMMAND} -- --only card-form`, chartPath: WATERFALL })}\n`);
  console.log('bench: docs/performance.md, section "Card form speed", and docs/card-form-waterfall.svg updated');
  process.exit(0);
}
const bundles = await step('1. bundle bytes, ours and @adyen/adyen-web', measurePeerBundles);
try {
  const speed = await step(`1. the card form's speed (${SETTINGS.interactiveRuns} runs per page: interactive unthrottled and 4x, typing, pay to QR)`, () =>
    measureCardFormSpeed(bundles.ourBuildDir, SETTINGS.interactiveRuns),
  );
  const { interactive } = speed;
  const relay = await step('2. relay overhead and throughput', () => measureRelayOverhead(SETTINGS.relay));
  const pacing = await step('3. token use and pacing', () => measureTokenAndPacing(SETTINGS.pacing));
  const section = benchSection({
    date,
    command: COMMAND,
    durationSeconds: (performance.now() - started) / 1000,
    chromiumVersion: interactive.chromiumVersion,
    bundles,
    interactive,
    relay,
    pacing,
  });
  console.log(`\n${section}\n`);
  writeBenchSection(DOC, section);
  console.log(`${writeSpeedSection(DOC, speed, { date, command: COMMAND, chartPath: WATERFALL })}\n`);
  console.log('bench: docs/performance.md, sections "Benchmarks" and "Card form speed", and docs/card-form-waterfall.svg updated');
} finally {
  rmSync(bundles.ourBuildDir, { recursive: true, force: true });
}
