/**
 * The script-tag build's figures as Markdown: the section "Bundle size and budgets" of
 * docs/performance.md (rewritten by `npm run size`, between its two markers, so the other
 * sections of the page stay as they are), with what a buyer's browser fetched on each path
 * (scripts/buyer-paths.ts), and the summaries `npm run build`, `npm run size` and `npm run budgets` print.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { version as viteVersion } from 'vite';
import { checkPathBudgets, pathCeiling, pathName, type BuyerPathMeasure } from './buyer-paths.js';
import { BUDGETS, checkBudgets, type BudgetVerdict, type CdnBundleReport, type CostReport, type Sizes } from './cdn-bundle.js';

export const SIZE_SECTION_START = '<!-- size:start (written by `npm run size`; edits between the markers are replaced) -->';
export const SIZE_SECTION_END = '<!-- size:end -->';

/** A single file of another variant, shown next to the module build's chunks. */
export interface VariantFile extends Sizes {
  file: string;
  note: string;
}

export interface MeasurementContext {
  date: Date;
  command: string;
}

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
/** To the byte, for the figures held against a budget. */
const exactKb = (bytes: number): string => `${(bytes / 1000).toFixed(3)} KB`;
const bytesOf = (count: number): string => `${count.toLocaleString('en-US')} bytes`;

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The machine the figures were measured on, in one line. */
export function machineDescription(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const memory = Math.round(totalmem() / 2 ** 30);
  return `${model}, ${cores.length} cores, ${memory} GiB RAM, ${platform()} ${release()}, Node ${process.versions.node}, Vite ${viteVersion}`;
}

function costRows(costs: CostReport[], total: Sizes): string[][] {
  return costs.map((cost) => {
    const gzip = cost.initial.gzip + cost.onDemand.gzip;
    return [
      cost.name,
      kb(cost.initial.gzip),
      kb(cost.onDemand.gzip),
      kb(gzip),
      `${((gzip / total.gzip) * 100).toFixed(0)} %`,
      kb(cost.initial.raw + cost.onDemand.raw),
    ];
  });
}

/** A chunk as the paths table names it: `payment` for `chunks/payment-<hash>.js`. */
function chunkLabel(file: string): string {
  return file.replace(/^chunks\//, '').replace(/-[\w-]{8}\.js$/, '');
}

/** The margin in bytes: a figure rounded to 0.1 KB may read the same as its limit. */
function verdictCell(verdict: BudgetVerdict): string {
  return verdict.ok ? `within (${bytesOf(verdict.limit - verdict.measured)} to spare)` : `**over by ${bytesOf(verdict.measured - verdict.limit)}**`;
}

function pathRows(paths: readonly BuyerPathMeasure[]): string[][] {
  const figure = (bytes: number, limit: number) => (bytes <= limit ? exactKb(bytes) : `**${exactKb(bytes)}, over**`);
  return paths.map((path) => [
    `\`${path.method}\`${path.shopThreeDSecure ? ", the shop's own 3-D Secure provider" : ''}`,
    `\`${path.locale}\``,
    figure(path.beforeForm.gzip, BUDGETS.beforeFormGzip),
    figure(path.total.gzip, pathCeiling(path)),
    kb(path.total.raw),
    path.files.filter((file) => !file.beforeForm).map((file) => chunkLabel(file.file)).join(', '),
  ]);
}

/** The Markdown between the section's markers. */
export function sizeSection(report: CdnBundleReport, variants: VariantFile[], paths: readonly BuyerPathMeasure[], context: MeasurementContext): string {
  const verdicts = [...checkPathBudgets(paths), ...checkBudgets(report)];
  const chunkRows = [
    ...report.chunks.map((chunk) => [`\`${chunk.file}\``, chunk.loading, kb(chunk.raw), kb(chunk.gzip), kb(chunk.brotli)]),
    ['**initial**', '', kb(report.initial.raw), `**${kb(report.initial.gzip)}**`, kb(report.initial.brotli)],
    ['**all chunks**', 'every language', kb(report.total.raw), `**${kb(report.total.gzip)}**`, kb(report.total.brotli)],
    ...variants.map((variant) => [`\`${variant.file}\``, variant.note, kb(variant.raw), kb(variant.gzip), kb(variant.brotli)]),
  ];
  const costHeader = ['', 'initial (gzip)', 'on demand (gzip)', 'total (gzip)', 'share', 'total (raw, minified)'];
  return [
    `Measured ${context.date.toISOString().slice(0, 10)} on ${machineDescription()}, with \`${context.command}\`.`,
    'Sizes in KB of 1,000 bytes; gzip at level 9, brotli at quality 11, each file compressed on its own as a CDN serves it.',
    '',
    '### What a buyer fetches, path by path',
    '',
    'Each row is one buyer in headless Chromium on a shop\'s page with the fresh build, against the demo\'s relay and',
    'sandbox, from page load to paid: every response from the build\'s files in the network log, each file gzipped on',
    'its own. "before the form" is what had been fetched when the checkout\'s form appeared; the last column, what',
    'came after it. Pix and boleto are paid through the sandbox\'s control once the QR or the slip shows; the card is',
    'approved at once; 3-D Secure goes through the challenge. The card form\'s chunk is fetched when the buyer picks a card,',
    'so only the card paths carry it.',
    '',
    table(['method', 'language', 'before the form (gzip)', 'page load to paid (gzip)', 'page load to paid (raw)', 'fetched after the form'], pathRows(paths)),
    '',
    '### Script-tag build (`dist/cdn/`)',
    '',
    '"initial" is what `<script type="module" src="pay-checkout.js">` fetches before the checkout renders: the',
    'entry and the chunks it imports statically. "on demand" chunks are fetched by an `import()` when a buyer needs them:',
    'the card form when the buyer presses or picks a card; the payment\'s code once they start on the form, with what every',
    'result view shares; then too the result view of the method they fill the form for, with the copy field of a Pix code',
    'or a boleto line (and the rehearsal of those two views, drawn once, unseen, before the first order) and the QR encoder',
    'for Pix; the order\'s live following once there is an order that can still change;',
    'the 3-D Secure provider and dialog for that method; and the catalogue of the buyer\'s language in three parts: the',
    'form\'s texts (`es`, fetched as the checkout connects, beside its configuration), the card form\'s (`es.card`, beside',
    'its code) and the Pix and boleto views\' (`es.results`, beside theirs). The source maps (`.map`) are next to each file but not named in it: a developer',
    'opens them by hand, or loads `pay-checkout.dev.js`.',
    '',
    table(['file', 'loaded', 'raw', 'gzip', 'brotli'], chunkRows),
    '',
    '### Budgets (`npm run budgets` checks them; so does `npm test`)',
    '',
    table(
      ['budget', 'limit', 'measured', 'where', 'verdict'],
      verdicts.map((verdict) => [verdict.name, kb(verdict.limit), exactKb(verdict.measured), verdict.where, verdictCell(verdict)]),
    ),
    '',
    '### What each dependency costs',
    '',
    'Each chunk\'s measured size shared among its modules by their minified size (so the rows add up to the',
    'total above); a dependency includes the packages it pulls in (lit: lit-html, lit-element, @lit/reactive-element).',
    '',
    table(['dependency', ...costHeader.slice(1)], costRows(report.dependencies, report.total)),
    '',
    '### Our code by folder',
    '',
    table(['folder of `src/`', ...costHeader.slice(1)], costRows(report.ownCode, report.total)),
  ].join('\n');
}

/** The section with its heading and markers, for a page that does not have it yet. */
function newSection(body: string): string {
  return ['## Bundle size and budgets', '', SIZE_SECTION_START, body, SIZE_SECTION_END, ''].join('\n');
}

const PAGE_INTRODUCTION = [
  '# Performance',
  '',
  'What the checkout costs a shop\'s page, measured on the builds `npm run build` makes. Every figure',
  'says when, where and with which command it was measured.',
  '',
].join('\n');

/** Writes the section into `path` (docs/performance.md): replaced between its markers, or added. */
export function writeSizeSection(path: string, body: string): void {
  const page = existsSync(path) ? readFileSync(path, 'utf8') : PAGE_INTRODUCTION;
  const start = page.indexOf(SIZE_SECTION_START);
  const end = page.indexOf(SIZE_SECTION_END);
  const updated =
    start >= 0 && end > start
      ? `${page.slice(0, start + SIZE_SECTION_START.length)}\n${body}\n${page.slice(end)}`
      : `${page.trimEnd()}\n\n${newSection(body)}`;
  writeFileSync(path, updated);
}

function verdictLine(verdict: BudgetVerdict): string {
  const margin = verdict.ok ? `ok, ${bytesOf(verdict.limit - verdict.measured)} to spare` : `OVER BUDGET by ${bytesOf(verdict.measured - verdict.limit)}`;
  return `  ${verdict.name}: ${kb(verdict.measured)} of ${kb(verdict.limit)} (${verdict.where}) ${margin}`;
}

/** The plain-text summary of the build `npm run build`, `npm run size` and `npm run budgets` print. */
export function sizeSummary(report: CdnBundleReport): string {
  const width = Math.max(...report.chunks.map((chunk) => chunk.file.length));
  const lines = report.chunks.map(
    (chunk) => `  ${chunk.file.padEnd(width)}  ${chunk.loading.padEnd(9)}  ${kb(chunk.raw).padStart(9)} raw  ${kb(chunk.gzip).padStart(8)} gzip  ${kb(chunk.brotli).padStart(8)} brotli`,
  );
  const costs = report.dependencies.map(
    (cost) => `  ${cost.name.padEnd(16)} ${kb(cost.initial.gzip).padStart(8)} initial  ${kb(cost.onDemand.gzip).padStart(8)} on demand (gzip)`,
  );
  return ['Script-tag build (module):', ...lines, 'Budget:', ...checkBudgets(report).map(verdictLine), 'Dependencies:', ...costs].join('\n');
}

/** The plain-text summary of the buyers' paths: each path's two figures, then the budgets. */
export function pathSummary(paths: readonly BuyerPathMeasure[]): string {
  const width = Math.max(...paths.map((path) => pathName(path).length));
  const lines = paths.map(
    (path) => `  ${pathName(path).padEnd(width)}  ${exactKb(path.beforeForm.gzip).padStart(10)} before the form  ${exactKb(path.total.gzip).padStart(10)} page load to paid (gzip)`,
  );
  return ['What a buyer fetches, path by path:', ...lines, 'Budgets:', ...checkPathBudgets(paths).map(verdictLine)].join('\n');
}
