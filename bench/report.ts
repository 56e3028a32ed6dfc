/**
 * The benchmarks' figures as Markdown: what `npm run bench` prints and writes into the
 * "Benchmarks" section of docs/performance.md (between the bench markers; the size section above
 * belongs to `npm run size` and is left alone).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import type { Sizes } from '../scripts/cdn-bundle.js';
import { pacedWindowMs } from '../src/client/pacing.js';
import { PHONE, type InteractiveResult, type InteractiveRuns } from './interactive-card-form.js';
import type { PeerBundleResult } from './peer-bundle.js';
import type { RelayOverheadResult } from './relay-overhead.js';
import { kb, ms, ratio, seconds } from './stats.js';
import type { TokenAndPacingResult } from './token-and-pacing.js';

export const BENCH_START = '<!-- bench:start (written by `npm run bench`; edits between the markers are replaced) -->';
export const BENCH_END = '<!-- bench:end -->';

export interface BenchResults {
  date: Date;
  command: string;
  durationSeconds: number;
  chromiumVersion: string;
  bundles: PeerBundleResult;
  interactive: InteractiveResult;
  relay: RelayOverheadResult;
  pacing: TokenAndPacingResult;
}

/** CPU model, cores, memory, OS, Node and Chromium, in one line. */
export function machineLine(chromiumVersion: string): string {
  const cores = cpus();
  const memory = Math.round(totalmem() / 2 ** 30);
  return `${cores[0]?.model.trim() ?? 'unknown CPU'}, ${cores.length} cores, ${memory} GiB RAM, ${platform()} ${release()}, Node ${process.versions.node}, Chromium ${chromiumVersion}`;
}

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const sizeCells = (sizes: Sizes): string[] => [kb(sizes.raw), kb(sizes.gzip), kb(sizes.brotli)];
const plus = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

function bundleTable({ ours, peer }: PeerBundleResult): string[] {
  const peerName = `@adyen/adyen-web ${peer.version}`;
  return [
    '| what | bundle | raw | gzip | brotli |',
    '| --- | --- | --- | --- | --- |',
    row(['ours: script-tag build, initial', `${ours.chunks} chunks in all`, ...sizeCells(ours.initial)]),
    row(['ours: script-tag build, all chunks', 'every language', ...sizeCells(ours.total)]),
    row(['ours: script-tag build, the most one buyer fetches', 'one language', ...sizeCells(ours.buyer)]),
    row(['ours: CSS', 'none (styles are in the components)', ...sizeCells(ours.css)]),
    row([`peer: ${peerName} JS, initial`, `${peer.chunks} chunk${peer.chunks === 1 ? '' : 's'} in all`, ...sizeCells(peer.initial)]),
    row([`peer: ${peerName} JS, all chunks`, '', ...sizeCells(peer.total)]),
    row([`peer: CSS (\`${peer.cssFile}\`)`, 'as shipped', ...sizeCells(peer.css)]),
    row(['**ours, everything**', '', ...sizeCells(plus(ours.total, ours.css)).map((cell) => `**${cell}**`)]),
    row(['**peer, everything**', '', ...sizeCells(plus(peer.total, peer.css)).map((cell) => `**${cell}**`)]),
    row(['ours / peer, everything', '', ratio(ours.total.raw + ours.css.raw, peer.total.raw + peer.css.raw), ratio(ours.total.gzip + ours.css.gzip, peer.total.gzip + peer.css.gzip), ratio(ours.total.brotli + ours.css.brotli, peer.total.brotli + peer.css.brotli)]),
  ];
}

const interactiveRow = (label: string, runs: InteractiveRuns): string =>
  row([label, ms(runs.median.ours), ms(runs.median.static), `**${ratio(runs.median.ours, runs.median.static)}**`]);

function interactiveTable(result: InteractiveResult): string[] {
  return [
    `| CPU | \`<pay-checkout>\` (median of ${result.runs}) | static HTML form (median of ${result.runs}) | ratio of medians |`,
    '| --- | --- | --- | --- |',
    interactiveRow('unthrottled', result.unthrottled),
    interactiveRow('throttled 4x', result.throttled4x),
    interactiveRow(`a phone (${PHONE.network.latencyMs} ms, ${PHONE.network.downloadKbps / 1000} Mbit/s, CPU ${PHONE.cpuThrottlingRate}x)`, result.phone),
  ];
}

function relayTables(result: RelayOverheadResult): string[] {
  const throughput = (name: string, figures: RelayOverheadResult['config']) =>
    row([name, `**${Math.round(figures.requestsPerSecond)}**`, String(figures.total), `${figures.latencyMedian} ms`, `${figures.latencyP99} ms`, String(figures.failures)]);
  return [
    `| create a charge (${result.requests} sequential each, after ${result.warmUp} warm-up) | median | p99 |`,
    '| --- | --- | --- |',
    row(['straight to the sandbox (`POST /public_api/payments/`)', ms(result.direct.median), ms(result.direct.p99)]),
    row(['through the relay (`POST charges`)', ms(result.relay.median), ms(result.relay.p99)]),
    row(['**relay / direct**', `**${ratio(result.relay.median, result.direct.median)}**`, `**${ratio(result.relay.p99, result.direct.p99)}**`]),
    '',
    `| relay route (autocannon, ${result.connections} connections, ${result.durationSeconds} s) | requests/s (mean) | requests | latency median | latency p99 | non-2xx or errors |`,
    '| --- | --- | --- | --- | --- | --- |',
    throughput('`GET config?offer=77BcHrY`', result.config),
    throughput('`POST charges` (fresh `Idempotency-Key` each)', result.charges),
  ];
}

function pacingTables({ tokens, burst }: TokenAndPacingResult): string[] {
  return [
    '| token use | measured | goal |',
    '| --- | --- | --- |',
    row([`token requests for ${tokens.charges.toLocaleString('en')} charges (${tokens.concurrency} at a time)`, String(tokens.tokenRequests), '1']),
    row(['**tokens per 1,000 charges**', `**${tokens.perThousand}**`, '1']),
    row(['charges that failed', String(tokens.failed), '0']),
    '',
    `| burst of ${burst.buyers} charges at once (limit ${burst.limit} per ${burst.windowSeconds} s, 10x) | measured | goal |`,
    '| --- | --- | --- |',
    row(['orders created', String(burst.created), String(burst.buyers)]),
    row(['**upstream 429s**', `**${burst.upstream429}**`, '0']),
    row(['**duplicate orders**', `**${burst.duplicates}**`, '0']),
    row(['upstream charge requests', String(burst.upstreamCharges), String(burst.buyers)]),
    row([
      '**how long the last buyer waited**',
      `**${seconds(burst.lastBuyerWaitMs)}**`,
      `at least ${seconds((burst.buyers / burst.limit - 1) * pacedWindowMs(burst.windowSeconds * 1000))}: ${burst.buyers / burst.limit - 1} paced windows`,
    ]),
    row(['median buyer wait', seconds(burst.medianWaitMs), '']),
  ];
}

/** The section's Markdown, between the markers. */
export function benchSection(results: BenchResults): string {
  const { interactive } = results;
  return [
    BENCH_START,
    `Measured ${results.date.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine(results.chromiumVersion)}, with \`${results.command}\` (${Math.round(results.durationSeconds)} s in all).`,
    'Every figure below comes from that one run on that one machine; ours and the peer\'s were measured side by side.',
    '',
    '### 1. Against a peer: bundle bytes',
    '',
    'Both built in the same run with Vite (Rolldown), minified, tree-shaken, as ES modules. Ours: `src/widget/script-tag.ts`,',
    'the script-tag build (`dist/cdn/pay-checkout.js` and its chunks). The peer: an entry importing exactly',
    '`AdyenCheckout`, `Card`, `Pix` and `Boleto` from the package\'s ES modules (its `import` entry, as a shop\'s bundler',
    'resolves it, so unused components are left out), plus the stylesheet the package ships, which a page needs too.',
    '"Everything" counts all our chunks, the three languages\' catalogues included. KB of 1,000 bytes; gzip level 9,',
    'brotli quality 11, each file compressed on its own.',
    '',
    ...bundleTable(results.bundles),
    '',
    '### 1. Against a static form: time to an interactive card form',
    '',
    'Headless Chromium, both pages served by one local server; `<pay-checkout>` loads the build above and talks to',
    'a relay and sandbox in the same process (`demo/stack.ts`); the static page is the same fields in plain HTML',
    '(method choice, card number, expiry, CVV, holder name, instalments select; `bench/pages/`). Each run is a',
    'first visit (new browser context, empty cache), the two pages alternating, after one unmeasured visit each.',
    '"Interactive": from navigation start, on each animation frame, the card method radio (`credit_card` or `threeDs`) is clicked once',
    'it exists and is enabled; the time is taken at the first frame where it is checked and the card number input',
    '(`input[name="cc-number"]`, through the shadow roots) exists, is `:enabled` and is rendered. Throttling:',
    '`Emulation.setCPUThrottlingRate` 4 through the DevTools protocol.',
    '',
    ...interactiveTable(interactive),
    '',
    '### 2. Relay overhead',
    '',
    'The relay (`createRelay` behind `toNodeHandler`) and the sandbox in a child process on loopback ports, run from',
    'the package as `tsc -p tsconfig.build.json` compiles it for the run (what `pay-checkout/relay` resolves to), the',
    'benchmark\'s requests and autocannon in the parent (one core each, roughly). Every limit lifted: the sandbox\'s',
    'rate limits, the relay\'s per-IP charge limit and its client\'s pacing, so what shows is the relay\'s own cost',
    '(parsing and checking the body, the offer check, the upstream call with its token, the order book). Pix charges',
    'on offer 77BcHrY, a fresh idempotency key each; direct and relayed charges alternate.',
    '',
    ...relayTables(results.relay),
    '',
    '### 3. Token and pacing',
    '',
    'Charges through the relay over HTTP; its client\'s `fetch` is wrapped to count upstream requests. Tokens: the',
    'sandbox\'s limits lifted, no pacing. Burst: the sandbox\'s `chargesPerIp` and `chargesPerToken` scaled from',
    'a minute to a second (`PUT /__sandbox/limits`), the client\'s pacing set to the same windows, and ten times the',
    'limit sent at once, each with its own idempotency key. The client paces each window a little longer than the',
    `limit's (\`pacedWindowMs\`: ${seconds(pacedWindowMs(results.pacing.burst.windowSeconds * 1000))} for ${results.pacing.burst.windowSeconds} s), so the last tenth of the burst cannot leave before nine paced windows have passed.`,
    '',
    ...pacingTables(results.pacing),
    BENCH_END,
  ].join('\n');
}

/** Replaces the bench section of `path` (or what follows its "## Benchmarks" heading, the first time). */
export function writeBenchSection(path: string, section: string): void {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(BENCH_START);
  const end = text.indexOf(BENCH_END);
  let updated: string;
  if (start !== -1 && end > start) {
    updated = text.slice(0, start) + section + text.slice(end + BENCH_END.length);
  } else {
    const heading = text.indexOf('\n## Benchmarks\n');
    if (heading === -1) throw new Error(`${path} has no "## Benchmarks" heading`);
    const bodyStart = heading + '\n## Benchmarks\n'.length;
    const next = text.indexOf('\n## ', bodyStart);
    const intro = '\nWritten by `npm run bench` (`bench/run.ts`); run it again to refresh the figures.\n\n';
    updated = text.slice(0, bodyStart) + intro + section + '\n' + (next === -1 ? '' : text.slice(next));
  }
  writeFileSync(path, updated);
}
