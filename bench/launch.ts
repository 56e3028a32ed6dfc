/**
 * Item 4 of the benchmarks: a launch (test/reliability/launch-scenario.ts, the scenario the
 * launch test asserts on), with its figures: how long honest buyers waited for their order, and
 * the orders each honest and greedy address got. Written into docs/performance.md after the
 * other benchmarks, between its own markers, by `npm run bench`, or alone by
 * `node --import tsx bench/launch.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pacedWindowMs } from '../src/client/pacing.js';
import { launchFigures, LAUNCH_SETTINGS, runLaunch, type LaunchFigures, type LaunchSettings } from '../test/reliability/launch-scenario.js';
import { BENCH_END } from './report.js';
import { seconds } from './stats.js';

export const LAUNCH_START = '<!-- bench-launch:start (written by `npm run bench`; edits between the markers are replaced) -->';
export const LAUNCH_END = '<!-- bench-launch:end -->';

export interface LaunchBenchResult {
  settings: LaunchSettings;
  figures: LaunchFigures;
  upstream429: number;
  duplicates: number;
  upstreamCharges: number;
}

export async function measureLaunch(settings: LaunchSettings = LAUNCH_SETTINGS): Promise<LaunchBenchResult> {
  const result = await runLaunch(settings);
  return { settings, figures: launchFigures(result), upstream429: result.upstream429, duplicates: result.duplicates, upstreamCharges: result.upstreamCharges };
}

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const optional = (ms: number | undefined) => (ms === undefined ? 'none' : seconds(ms));

/** The launch's Markdown, between its markers. */
export function launchSection({ settings, figures, upstream429, duplicates, upstreamCharges }: LaunchBenchResult, date: Date): string {
  const window = seconds(settings.windowMs);
  const honestOffered = settings.offeredFactor * settings.apiLimit;
  return [
    LAUNCH_START,
    '### 4. A launch: the fair share of the charge limit',
    '',
    `Measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC on the machine above. The scenario of \`test/reliability/launch.test.ts\``,
    '(`test/reliability/launch-scenario.ts`), every limit scaled from a minute to',
    `${window}: the sandbox's \`chargesPerIp\` ${settings.apiLimit} and \`chargesPerToken\` ${2 * settings.apiLimit} per ${window}, the relays' clients paced the same, the`,
    `relays' charge line ${settings.apiLimit} per ${window} (paced: ${seconds(pacedWindowMs(settings.windowMs))}) with ${settings.reserve} kept for retries, and their per-IP limit ${settings.perIpLimit} per ${window}.`,
    `Two relay instances on one redis-server; ${settings.honestIps} honest addresses offer ${honestOffered} attempts per ${window} (${settings.offeredFactor}x the limit)`,
    `for ${seconds(settings.arrivalMs)}, and ${settings.greedyIps} greedy addresses each ${settings.greedyFactor}x their share (the limit over all ${settings.honestIps + settings.greedyIps} addresses).`,
    `Every buyer tries again with the same key after each 429's \`retryAfter\`, as the widget does, until ${seconds(settings.durationMs)} have passed.`,
    'A wait is from a buyer\'s first request to their order. The sandbox, both relays and every buyer run in one process, so a',
    '429\'s time is also shown beyond that of a `GET config` (a read of Redis) sent within 250 ms of it, one every 100 ms: the machine\'s load at that moment.',
    '',
    '| launch | measured | goal |',
    '| --- | --- | --- |',
    row(['**upstream 429s**', `**${upstream429}**`, '0']),
    row(['**duplicate orders**', `**${duplicates}**`, '0']),
    row(['charges sent to the API', String(upstreamCharges), '']),
    row(['honest attempts: ordered / still in line with a place at the end', `${figures.honestOrders} / ${figures.honestWaiting} of ${figures.honestAttempts}`, 'every one either']),
    row(['**honest wait to an order, p50**', `**${optional(figures.honestWaitP50Ms)}**`, '']),
    row(['**honest wait to an order, p95**', `**${optional(figures.honestWaitP95Ms)}**`, '']),
    row(['orders per honest address (least, median, most)', `${figures.honestOrdersPerIp.min}, ${figures.honestOrdersPerIp.median}, ${figures.honestOrdersPerIp.max}`, '']),
    row(['**orders per greedy address**', `**${figures.greedyOrdersPerIp.join(', ')}**`, `at most ${Math.ceil(figures.fairShare) + 1} (fair share ${figures.fairShare.toFixed(2)}, plus one round)`]),
    row(['greedy attempts', String(figures.greedyAttempts), '']),
    row(['429 answers: p95, slowest', `${Math.round(figures.p95429Ms)} ms, ${Math.round(figures.slowest429Ms)} ms (of ${figures.answers429})`, '']),
    row(['**429s beyond a `GET config` sent at the same moment: p95, slowest**', `**${Math.round(figures.p95429BeyondControlMs)} ms, ${Math.round(figures.slowest429BeyondControlMs)} ms**`, 'about a second']),
    row(['longest wait of an admitted charge in the client\'s pacing', `${Math.round(figures.longestPacingWaitMs)} ms`, 'near 0']),
    LAUNCH_END,
  ].join('\n');
}

/** Replaces the launch section of `path`, or puts it right after the other benchmarks the first time. */
export function writeLaunchSection(path: string, section: string): void {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(LAUNCH_START);
  const end = text.indexOf(LAUNCH_END);
  let updated: string;
  if (start !== -1 && end > start) {
    updated = text.slice(0, start) + section + text.slice(end + LAUNCH_END.length);
  } else {
    const after = text.indexOf(BENCH_END);
    if (after === -1) throw new Error(`${path} has no benchmarks section to follow`);
    const at = after + BENCH_END.length;
    updated = `${text.slice(0, at)}\n\n${section}${text.slice(at)}`;
  }
  writeFileSync(path, updated);
}

export const PERFORMANCE_DOC = join(import.meta.dirname, '..', 'docs', 'performance.md');

if (process.argv[1] === import.meta.filename) {
  const section = launchSection(await measureLaunch(), new Date());
  console.log(`\n${section}\n`);
  writeLaunchSection(PERFORMANCE_DOC, section);
  console.log('bench: docs/performance.md, section "4. A launch", updated');
}
