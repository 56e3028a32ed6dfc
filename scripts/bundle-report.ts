/**
 * The script-tag build's figures as Markdown: the section "Bundle size and budgets" of
 * docs/performance.md (rewritten by `npm run size`, between its two markers, so the other
 * sections of the page stay as they are) and the summary `npm run build` prints.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { version as viteVersion } from 'vite';
import { checkBudgets, type CdnBundleReport, type CostReport, type Sizes } from './cdn-bundle.js';

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

/** The Markdown between the section's markers. */
export function sizeSection(report: CdnBundleReport, variants: VariantFile[], context: MeasurementContext): string {
  const verdicts = checkBudgets(report);
  const chunkRows = [
    ...report.chunks.map((chunk) => [`\`${chunk.file}\``, chunk.loading, kb(chunk.raw), kb(chunk.gzip), kb(chunk.brotli)]),
    ['**initial**', '', kb(report.initial.raw), `**${kb(report.initial.gzip)}**`, kb(report.initial.brotli)],
    ['**all chunks**', 'every language', kb(report.total.raw), `**${kb(report.total.gzip)}**`, kb(report.total.brotli)],
    [
      '**the most one buyer fetches**',
      report.buyer.locale === undefined ? '' : `one language (\`${report.buyer.locale}\`, the costliest)`,
      kb(report.buyer.raw),
      `**${kb(report.buyer.gzip)}**`,
      kb(report.buyer.brotli),
    ],
    ...variants.map((variant) => [`\`${variant.file}\``, variant.note, kb(variant.raw), kb(variant.gzip), kb(variant.brotli)]),
  ];
  const costHeader = ['', 'initial (gzip)', 'on demand (gzip)', 'total (gzip)', 'share', 'total (raw, minified)'];
  return [
    `Measured ${context.date.toISOString().slice(0, 10)} on ${machineDescription()}, with \`${context.command}\`.`,
    'Sizes in KB of 1,000 bytes; gzip at level 9, brotli at quality 11, each file compressed on its own as a CDN serves it.',
    '',
    '### Script-tag build (`dist/cdn/`)',
    '',
    '"initial" is what `<script type="module" src="pay-checkout.js">` fetches before the checkout renders: the',
    'entry and the chunks it imports statically. "on demand" chunks are fetched by an `import()` when a buyer needs them:',
    'the card form when the offer takes a card; the payment\'s code once they start on the form, with what every result',
    'view shares and the order\'s live following; their method\'s result view when they pay; the QR encoder for a Pix code;',
    'the 3-D Secure provider and dialog for that method; and the catalogue of the buyer\'s language (fetched as the checkout',
    'connects, beside its configuration). A buyer reads one language, so the most one buyer fetches leaves out the other',
    'languages\' catalogues. The source maps (`.map`) are next to each file but not named in it: a developer opens them by',
    'hand, or loads `pay-checkout.dev.js`.',
    '',
    table(['file', 'loaded', 'raw', 'gzip', 'brotli'], chunkRows),
    '',
    '### Budgets (`npm run budgets` checks both; so does `npm test`)',
    '',
    table(
      ['budget', 'limit', 'measured', 'verdict'],
      verdicts.map((verdict) => [verdict.name, kb(verdict.limit), kb(verdict.measured), verdict.ok ? 'within' : `**over by ${kb(verdict.measured - verdict.limit)}**`]),
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

/** The plain-text summary `npm run build` and `npm run size` print. */
export function sizeSummary(report: CdnBundleReport): string {
  const width = Math.max(...report.chunks.map((chunk) => chunk.file.length));
  const lines = report.chunks.map(
    (chunk) => `  ${chunk.file.padEnd(width)}  ${chunk.loading.padEnd(9)}  ${kb(chunk.raw).padStart(9)} raw  ${kb(chunk.gzip).padStart(8)} gzip  ${kb(chunk.brotli).padStart(8)} brotli`,
  );
  const verdicts = checkBudgets(report).map(
    (verdict) => `  ${verdict.name}: ${kb(verdict.measured)} of ${kb(verdict.limit)} ${verdict.ok ? 'ok' : 'OVER BUDGET'}`,
  );
  const costs = report.dependencies.map(
    (cost) => `  ${cost.name.padEnd(16)} ${kb(cost.initial.gzip).padStart(8)} initial  ${kb(cost.onDemand.gzip).padStart(8)} on demand (gzip)`,
  );
  return ['Script-tag build (module):', ...lines, 'Budgets:', ...verdicts, 'Dependencies:', ...costs].join('\n');
}
