/**
 * Builds a script-tag variant of the widget and measures it: each chunk's bytes (raw, gzip,
 * brotli), what the page loads at once versus on demand, the budgets, and what each dependency
 * costs. Used by `npm run build`, `npm run size` and test/build/bundle-content.test.ts; what a
 * buyer's browser fetches on each path is measured by scripts/buyer-paths-in-chromium.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, minifySync, type Rolldown } from 'vite';
import { cataloguePartOf, cdnBuildConfig, packageOfModule, type CdnBuildOptions, type CdnVariant } from '../vite.build-cdn.config.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * The budgets for the module build, in bytes of gzip at level 9; 1 KB = 1,000 bytes. The goals are
 * 25 KB before the form and 40 KB on a path (BUDGET_GOALS), and they are the ceilings, with one
 * exception: the card through the sandbox's 3-D Secure, whose provider and challenge dialog (the
 * demo's, a shop's tests') come on top of the card form and its billing address. A shop's own
 * provider, as its buyers pay in production, keeps that path within the goal. The sandbox's ceiling
 * sits just above what it fetches, so nothing adds bytes there unnoticed (docs/performance.md,
 * "Bundle size and budgets").
 */
export const BUDGET_GOALS = { beforeFormGzip: 25_000, pathGzip: 40_000 } as const;

/** The ceilings `npm run budgets` and `npm test` hold the build to. */
export const BUDGETS = {
  /**
   * What Chromium had fetched from the build when the checkout's form appeared, on any path
   * (scripts/buyer-paths-in-chromium.ts): the entry, the chunks it imports and the buyer's catalogue.
   * Paying, showing and following an order come after the form, in their own chunks, and so do the
   * card form's and the result views' own texts.
   */
  beforeFormGzip: 25_000,
  /** What Chromium fetched from the build on one buyer's path, one method in one language, from page load to paid. */
  pathGzip: 40_000,
  /** The same for the card charged through the sandbox's 3-D Secure, with its provider and dialog (the demo, a shop's tests). */
  threeDsPathGzip: 42_575,
  /** Any one chunk of the build, every language's catalogue among them: a static check of the build. */
  chunkGzip: 60_000,
} as const;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export type Loading = 'initial' | 'on demand';

export interface ChunkReport extends Sizes {
  /** Relative to the build's directory: `pay-checkout.js`, `chunks/qr-encoder-<hash>.js`. */
  file: string;
  loading: Loading;
  /** The language of the message catalogue the chunk holds, when it holds one. */
  catalogue?: string;
}

/** A share of the bundle: a dependency, our code, or one folder of our code. */
export interface CostReport {
  name: string;
  initial: Sizes;
  onDemand: Sizes;
}

export interface CdnBundleReport {
  chunks: ChunkReport[];
  initial: Sizes;
  /** Every chunk of the build, every language's catalogue included. */
  total: Sizes;
  /**
   * Every chunk but the catalogues of the languages a buyer does not read, for the costliest
   * language: the whole widget in one language, as bench/peer-bundle.ts sets it beside a peer's.
   * No buyer fetches all of it (a path takes one method's chunks); the budgets are per path.
   */
  buyer: Sizes & { locale: string | undefined };
  /** Per dependency of package.json (with what it pulls in), `our code` and `bundler runtime`. */
  dependencies: CostReport[];
  /** Our code by folder (`widget/i18n`, `contract`): where to look when the budget is tight. */
  ownCode: CostReport[];
  /** Every npm package with code in the bundle. */
  packages: string[];
}

export const OWN_CODE = 'our code';
export const BUNDLER_RUNTIME = 'bundler runtime';

/** gzip at level 9, the figure of the budgets. */
export function gzipSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/** brotli at quality 11, what a CDN serves to browsers that accept it. */
export function brotliSize(code: string): number {
  return brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * The Subresource Integrity value of a file (`sha384-` and the base64 digest), for a page that
 * loads the script-tag build from a CDN with `integrity` (README, "A merchant's first five minutes").
 */
export function subresourceIntegrity(bytes: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

export function sizesOf(code: string): Sizes {
  return { raw: Buffer.byteLength(code), gzip: gzipSize(code), brotli: brotliSize(code) };
}

const zero = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0 });

function add(into: Sizes, sizes: Sizes, share = 1): void {
  into.raw += sizes.raw * share;
  into.gzip += sizes.gzip * share;
  into.brotli += sizes.brotli * share;
}

/** Builds one variant (vite.build-cdn.config.ts) and answers its JavaScript chunks. */
export async function buildCdnVariant(variant: CdnVariant, options: CdnBuildOptions): Promise<Rolldown.OutputChunk[]> {
  const result = await build({ configFile: false, ...cdnBuildConfig(variant, options) });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) =>
    'output' in output ? output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk') : [],
  );
}

/** The entry and every chunk it imports statically: what the page loads before anything renders. */
function initialFiles(chunks: Rolldown.OutputChunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set<string>();
  const visit = (file: string): void => {
    if (initial.has(file)) return;
    initial.add(file);
    byFile.get(file)?.imports.forEach(visit);
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));
  return initial;
}

interface PackageManifest {
  dependencies?: Record<string, string>;
}

function readManifest(dir: string): PackageManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
  } catch {
    return undefined;
  }
}

/**
 * Each package in node_modules mapped to the dependency of ours that brings it in (lit-html →
 * lit, dijkstrajs → qrcode), so a transitive package is counted under what the page asked for.
 */
function dependencyOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const direct of Object.keys(readManifest(ROOT)?.dependencies ?? {})) {
    const pending = [direct];
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (owners.has(name)) continue;
      owners.set(name, direct);
      pending.push(...Object.keys(readManifest(join(ROOT, 'node_modules', name))?.dependencies ?? {}));
    }
  }
  return owners;
}

export { cataloguePartOf };

/** The language of the catalogue part a chunk holds (`src/widget/i18n/messages/es.ts` → `es`). */
export function catalogueOf(chunk: Rolldown.OutputChunk): string | undefined {
  return cataloguePartOf(chunk)?.locale;
}

/**
 * The most one buyer fetches: the initial chunks and every on-demand chunk, with only their own
 * language's catalogue (both its parts) among those fetched on demand; the costliest language by gzip.
 */
function buyerSizes(chunks: ChunkReport[]): CdnBundleReport['buyer'] {
  const onDemandCatalogues = chunks.filter((chunk) => chunk.loading === 'on demand' && chunk.catalogue !== undefined);
  const shared = zero();
  chunks.filter((chunk) => !onDemandCatalogues.includes(chunk)).forEach((chunk) => add(shared, chunk));
  const languages = new Map<string, Sizes>();
  for (const chunk of onDemandCatalogues) {
    let sizes = languages.get(chunk.catalogue!);
    if (!sizes) languages.set(chunk.catalogue!, (sizes = zero()));
    add(sizes, chunk);
  }
  const costliest = [...languages].reduce<[string, Sizes] | undefined>((most, language) => (most && most[1].gzip >= language[1].gzip ? most : language), undefined);
  const buyer = { ...shared, locale: costliest?.[0] };
  if (costliest) add(buyer, costliest[1]);
  return buyer;
}

/** `widget/i18n`, `widget/checkout`, `contract`: the folder of our code a module is in. */
function ownFolder(id: string): string {
  const [part, folder, ...rest] = relative(join(ROOT, 'src'), id).split('/');
  return part === 'widget' && rest.length > 0 ? `${part}/${folder}` : (part ?? id);
}

/**
 * How many bytes a module's code takes once minified: the weight by which a chunk's measured
 * sizes are shared among its modules. Each module is minified alone (names mangled, nothing
 * dropped), close to what it adds to the minified chunk.
 */
function minifiedWeight(code: string | null): number {
  if (!code) return 0;
  const minified = minifySync('module.js', code, { module: true, compress: false, mangle: { toplevel: true } });
  return minified.errors.length > 0 ? Buffer.byteLength(code) : Buffer.byteLength(minified.code);
}

function toCostReports(costs: Map<string, { initial: Sizes; onDemand: Sizes }>): CostReport[] {
  return [...costs]
    .map(([name, { initial, onDemand }]) => ({ name, initial, onDemand }))
    .sort((a, b) => b.initial.gzip + b.onDemand.gzip - (a.initial.gzip + a.onDemand.gzip));
}

/**
 * Measures the chunks of a build. A chunk's raw, gzip and brotli sizes are shared among its
 * modules by their minified weight, so the rows of `dependencies` add up to the measured total.
 */
export function measureCdnBundle(chunks: Rolldown.OutputChunk[]): CdnBundleReport {
  const initial = initialFiles(chunks);
  const owners = dependencyOwners();
  const dependencies = new Map<string, { initial: Sizes; onDemand: Sizes }>();
  const ownCode = new Map<string, { initial: Sizes; onDemand: Sizes }>();
  const packages = new Set<string>();
  const totals = { initial: zero(), total: zero() };
  const chunkReports: ChunkReport[] = [];

  const costOf = (costs: typeof dependencies, name: string) => {
    let cost = costs.get(name);
    if (!cost) costs.set(name, (cost = { initial: zero(), onDemand: zero() }));
    return cost;
  };

  for (const chunk of chunks) {
    const loading: Loading = initial.has(chunk.fileName) ? 'initial' : 'on demand';
    const sizes = sizesOf(chunk.code);
    const catalogue = catalogueOf(chunk);
    chunkReports.push({ file: chunk.fileName, loading, ...sizes, ...(catalogue === undefined ? {} : { catalogue }) });
    add(totals.total, sizes);
    if (loading === 'initial') add(totals.initial, sizes);

    const weights = Object.entries(chunk.modules).map(([id, module]) => ({ id, weight: minifiedWeight(module.code) }));
    const chunkWeight = weights.reduce((sum, { weight }) => sum + weight, 0);
    if (chunkWeight === 0) continue;
    for (const { id, weight } of weights) {
      if (weight === 0) continue;
      const share = weight / chunkWeight;
      const slot = loading === 'initial' ? 'initial' : 'onDemand';
      const dependency = packageOfModule(id);
      if (id.startsWith('\0')) add(costOf(dependencies, BUNDLER_RUNTIME)[slot], sizes, share);
      else if (dependency === undefined) {
        add(costOf(dependencies, OWN_CODE)[slot], sizes, share);
        add(costOf(ownCode, ownFolder(id))[slot], sizes, share);
      } else {
        packages.add(dependency);
        add(costOf(dependencies, owners.get(dependency) ?? dependency)[slot], sizes, share);
      }
    }
  }

  return {
    chunks: chunkReports.sort((a, b) => (a.loading === b.loading ? b.gzip - a.gzip : a.loading === 'initial' ? -1 : 1)),
    initial: totals.initial,
    total: totals.total,
    buyer: buyerSizes(chunkReports),
    dependencies: toCostReports(dependencies),
    ownCode: toCostReports(ownCode),
    packages: [...packages].sort(),
  };
}

export interface BudgetVerdict {
  name: string;
  limit: number;
  measured: number;
  /** What was measured: the largest chunk, the costliest path. */
  where: string;
  ok: boolean;
}

/** The static budget against a measured build: its largest chunk. */
export function checkBudgets(report: CdnBundleReport): BudgetVerdict[] {
  const largest = report.chunks.reduce<ChunkReport | undefined>((most, chunk) => (most && most.gzip >= chunk.gzip ? most : chunk), undefined);
  const measured = largest?.gzip ?? 0;
  const verdict = { name: 'each chunk, every language (gzip)', limit: BUDGETS.chunkGzip, measured, where: largest?.file ?? 'no chunk' };
  return [{ ...verdict, ok: measured <= verdict.limit }];
}
