/**
 * The relay held against a bare passthrough proxy, as Markdown: the "Relay against a bare proxy"
 * section of docs/performance.md, between its own markers, written by `npm run bench` (the whole
 * run) and by `npm run bench -- --relay` (this measurement alone).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { COLD_CONFIG_GOAL, type ColdConfigResult, type ConfigVisit } from './cold-config.js';
import type { ChargeCost, RelayOverheadResult, ThroughputFigures } from './relay-overhead.js';
import { ms, ratio } from './stats.js';

export const RELAY_PROXY_START = '<!-- bench-relay-proxy:start (written by `npm run bench`; edits between the markers are replaced) -->';
export const RELAY_PROXY_END = '<!-- bench-relay-proxy:end -->';

/** The goals: relay / bare proxy at most this for the median and p99 of a charge, at least this for throughput. */
export const RELAY_PROXY_GOALS = { median: 1.2, p99: 1.3, throughput: 0.8 } as const;

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const verdict = (met: boolean): string => (met ? 'met' : '**not met**');

function throughputRow(name: string, figures: ThroughputFigures): string {
  return row([name, String(Math.round(figures.requestsPerSecond)), String(figures.total), `${figures.latencyMedian} ms`, `${figures.latencyP99} ms`, String(figures.failures)]);
}

/** CPU model, cores, memory, OS and Node, in one line. */
function machineLine(): string {
  const cores = cpus();
  return `${cores[0]?.model.trim() ?? 'unknown CPU'}, ${cores.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${platform()} ${release()}, Node ${process.versions.node}`;
}

function costRow(name: string, cost: ChargeCost): string {
  return row([name, `${Math.round(cost.cpuMicros)} µs`, `${Math.round(cost.systemMicros)} µs`, `${cost.minorGcMsPer1000.toFixed(1)} ms`, `${cost.majorGcMsPer1000.toFixed(1)} ms`]);
}

/**
 * The CPU time per charge the relay's side of the child may spend for the throughput goal, if
 * the child's CPU is what bounds requests per second (it is: one core each, the child busy):
 * the bare proxy's cost over the goal's ratio.
 */
export function cpuBudgetForThroughput(proxy: ChargeCost): number {
  return proxy.cpuMicros / RELAY_PROXY_GOALS.throughput;
}

function configRow(name: string, visit: ConfigVisit): string {
  return row([name, `${visit.inRow} (${visit.inRowAfterToken})`, String(visit.requests), ms(visit.ms)]);
}

/** The section's Markdown, between the markers. */
export function relayProxySection(
  result: RelayOverheadResult,
  coldConfig: ColdConfigResult,
  { date, command }: { date: Date; command: string },
): string {
  const coldInRow = Math.max(coldConfig.first.inRowAfterToken, coldConfig.expired.inRowAfterToken);
  const median = result.relay.median / result.proxy.median;
  const p99 = result.relay.p99 / result.proxy.p99;
  const throughput = result.charges.requestsPerSecond / result.proxyCharges.requestsPerSecond;
  const budget = cpuBudgetForThroughput(result.cost.proxy);
  return [
    RELAY_PROXY_START,
    `Measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()}, with \`${command}\`.`,
    '',
    `| create a charge (${result.requests} sequential each, in turn, after ${result.warmUp} warm-up each) | median | p99 |`,
    '| --- | --- | --- |',
    row(['straight to the sandbox (`POST /public_api/payments/`)', ms(result.direct.median), ms(result.direct.p99)]),
    row(['through the bare proxy (`POST charges`)', ms(result.proxy.median), ms(result.proxy.p99)]),
    row(['through the relay (`POST charges`)', ms(result.relay.median), ms(result.relay.p99)]),
    '',
    `| \`POST charges\` under load (autocannon, ${result.connections} connections, ${result.durationSeconds} s each in ${result.chargeRounds} turns) | requests/s (mean) | requests | latency median of the turns | worst turn's latency p99 | non-2xx or errors |`,
    '| --- | --- | --- | --- | --- | --- |',
    throughputRow('bare proxy', result.proxyCharges),
    throughputRow('relay', result.charges),
    '',
    '| relay / bare proxy | measured | goal | verdict |',
    '| --- | --- | --- | --- |',
    row(['charge, median', `**${ratio(result.relay.median, result.proxy.median)}**`, `at most ${RELAY_PROXY_GOALS.median}x`, verdict(median <= RELAY_PROXY_GOALS.median)]),
    row(['charge, p99', `**${ratio(result.relay.p99, result.proxy.p99)}**`, `at most ${RELAY_PROXY_GOALS.p99}x`, verdict(p99 <= RELAY_PROXY_GOALS.p99)]),
    row(['`POST charges` requests/s', `**${ratio(result.charges.requestsPerSecond, result.proxyCharges.requestsPerSecond)}**`, `at least ${RELAY_PROXY_GOALS.throughput}x`, verdict(throughput >= RELAY_PROXY_GOALS.throughput)]),
    '',
    `| what a charge under load cost the child process (sandbox, bare proxy and relay; median of the ${result.chargeRounds} turns) | CPU per charge | of it in the kernel | scavenge pauses per 1,000 charges | mark-compact pauses per 1,000 charges |`,
    '| --- | --- | --- | --- | --- |',
    costRow('through the bare proxy', result.cost.proxy),
    costRow('through the relay', result.cost.relay),
    '',
    `The relay's own cost beyond the hop: **${Math.round(result.cost.relay.cpuMicros - result.cost.proxy.cpuMicros)} µs** of CPU per charge (the sandbox's share is the same in both rows). ` +
      `With the child's core the bound, ${RELAY_PROXY_GOALS.throughput}x the bare proxy's requests per second leaves the relay's row at most ` +
      `${Math.round(budget)} µs per charge, ${Math.max(0, Math.round(result.cost.relay.cpuMicros - budget))} µs less than measured.`,
    '',
    `| \`GET config\` with a cold cache, each upstream request held ${coldConfig.latencyMs} ms (bench/cold-config.ts) | upstream round trips in a row (after the token) | upstream requests | time |`,
    '| --- | --- | --- | --- |',
    configRow("the relay's first, the token included", coldConfig.first),
    configRow('every cached entry expired, the token still good', coldConfig.expired),
    configRow('from the cache', coldConfig.cached),
    '',
    '| the configuration, cold | measured | goal | verdict |',
    '| --- | --- | --- | --- |',
    row(['upstream round trips in a row after the token, the worse of the two cold visits', `**${coldInRow}**`, `at most ${COLD_CONFIG_GOAL}`, verdict(coldInRow <= COLD_CONFIG_GOAL)]),
    RELAY_PROXY_END,
  ].join('\n');
}

/** Replaces the section between the markers of `path`. */
export function writeRelayProxySection(path: string, section: string): void {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(RELAY_PROXY_START);
  const end = text.indexOf(RELAY_PROXY_END);
  if (start === -1 || end < start) throw new Error(`${path} has no ${RELAY_PROXY_START} … ${RELAY_PROXY_END} markers`);
  writeFileSync(path, text.slice(0, start) + section + text.slice(end + RELAY_PROXY_END.length));
}
