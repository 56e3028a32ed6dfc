/**
 * `npm run bench`: the project's benchmarks in one run on this machine, printed and written into
 * docs/performance.md.
 * 1. bench/peer-bundle.ts and bench/card-form-speed.ts: bytes, and the card form's speed (time to an
 *    interactive form, typing, pay to QR, the waterfall), ours against @adyen/adyen-web and against
 *    a static HTML form.
 * 2. bench/relay-overhead.ts: what the relay adds to a charge, against a bare proxy and straight to
 *    the sandbox, and its requests per second; bench/cold-config.ts: the upstream round trips in a
 *    row of `GET config` with a cold cache.
 * 3. bench/token-and-pacing.ts: tokens per 1,000 charges, and a burst of ten times the charge limit.
 * 4. bench/launch.ts: a launch through two relays on one Redis, honest and greedy addresses.
 * A full run takes a few minutes; none of it runs in `npm test` (no timed assertions there).
 *
 * One part alone, writing only its own section (the full run writes them all):
 * - `npm run bench -- --only card-form`: the card form's speed, on a fresh build of ours, and its chart;
 * - `npm run bench -- --relay`: step 2, the "Relay against a bare proxy" section (the cold configuration's table with it).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { measureCardFormSpeed, withFreshBuild } from './card-form-speed.js';
import { measureColdConfig } from './cold-config.js';
import { launchSection, measureLaunch, writeLaunchSection } from './launch.js';
import { measurePeerBundles } from './peer-bundle.js';
import { measureRelayOverhead } from './relay-overhead.js';
import { relayProxySection, writeRelayProxySection } from './relay-proxy-report.js';
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
  /**
   * 1,000 sequential charges a side: the p99 is then the tenth slowest, not the third, which one
   * pause of the shared processes decides (docs/performance.md, "Relay against a bare proxy").
   */
  relay: { requests: 1000, warmUp: 30, connections: 10, durationSeconds: 10 },
  /** An API across the Internet: each upstream request of the cold configuration's relay held this long. */
  coldConfig: { latencyMs: 50 },
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
if (process.argv.includes('--relay')) {
  const relay = await step('2. relay overhead and throughput, against a bare proxy', () => measureRelayOverhead(SETTINGS.relay));
  const coldConfig = await step('2. the configuration with a cold cache', () => measureColdConfig(SETTINGS.coldConfig));
  const section = relayProxySection(relay, coldConfig, { date, command: `${COMMAND} -- --relay` });
  console.log(`\n${section}\n`);
  writeRelayProxySection(DOC, section);
  console.log('bench: docs/performance.md, section "Relay against a bare proxy", updated');
  process.exit(0);
}
const bundles = await step('1. bundle bytes, ours and @adyen/adyen-web', measurePeerBundles);
try {
  const speed = await step(`1. the card form's speed (${SETTINGS.interactiveRuns} runs per page: interactive unthrottled, 4x and on a phone, typing, pay to QR)`, () =>
    measureCardFormSpeed(bundles.ourBuildDir, SETTINGS.interactiveRuns),
  );
  const { interactive } = speed;
  const relay = await step('2. relay overhead and throughput', () => measureRelayOverhead(SETTINGS.relay));
  const coldConfig = await step('2. the configuration with a cold cache', () => measureColdConfig(SETTINGS.coldConfig));
  const pacing = await step('3. token use and pacing', () => measureTokenAndPacing(SETTINGS.pacing));
  const launch = await step('4. a launch', () => measureLaunch());
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
  const launched = launchSection(launch, date);
  console.log(`\n${section}\n\n${launched}\n`);
  writeBenchSection(DOC, section);
  writeLaunchSection(DOC, launched);
  writeRelayProxySection(DOC, relayProxySection(relay, coldConfig, { date, command: COMMAND }));
  console.log(`${writeSpeedSection(DOC, speed, { date, command: COMMAND, chartPath: WATERFALL })}\n`);
  console.log('bench: docs/performance.md, sections "Benchmarks", "Card form speed", "A launch" and "Relay against a bare proxy", and docs/card-form-waterfall.svg updated');
} finally {
  rmSync(bundles.ourBuildDir, { recursive: true, force: true });
}
