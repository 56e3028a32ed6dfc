/**
 * The bundle benchmark, bytes: our script-tag build against @adyen/adyen-web with
 * AdyenCheckout, Card, Pix and Boleto, both built in this run by the same bundler (Vite,
 * minified, tree-shaken, ES module) and measured by the same functions (gzip 9, brotli 11).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { buildCdnVariant, measureCdnBundle, sizesOf, type Sizes } from '../scripts/cdn-bundle.js';
import { secondMinifyPass } from '../scripts/second-minify-pass.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * Where the peer's files are, resolved as a shop's bundler resolves `import` (the package's
 * `exports` "import" condition): its ES modules, which a bundler can tree-shake. `require` would
 * give its CommonJS build, one file that is bundled whole.
 */
const resolvePeer = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

export interface BundleFigures {
  /** What the page fetches before anything renders. */
  initial: Sizes;
  /** Every JavaScript chunk. */
  total: Sizes;
  /** Stylesheet the page must also load (ours: none, the styles are in the components). */
  css: Sizes;
  chunks: number;
}

export interface PeerBundleResult {
  /** With, beside every chunk, the most one buyer fetches: every chunk but other languages' catalogues. */
  ours: BundleFigures & { buyer: Sizes };
  peer: BundleFigures & { version: string; cssFile: string };
  /** Where our fresh build is, for the browser benchmark to serve. */
  ourBuildDir: string;
}

const NO_BYTES: Sizes = { raw: 0, gzip: 0, brotli: 0 };

function sum(all: Sizes[]): Sizes {
  return all.reduce((total, sizes) => ({ raw: total.raw + sizes.raw, gzip: total.gzip + sizes.gzip, brotli: total.brotli + sizes.brotli }), NO_BYTES);
}

/** The entry and every chunk it imports statically. */
function initialChunks(chunks: Rolldown.OutputChunk[]): Rolldown.OutputChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    byFile.get(file)?.imports.forEach(visit);
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));
  return chunks.filter((chunk) => seen.has(chunk.fileName));
}

/** The smallest import of the peer for card, Pix and boleto: exactly these four names, used so none is dropped. */
const PEER_ENTRY = (packageEntry: string) => `import { AdyenCheckout, Card, Pix, Boleto } from ${JSON.stringify(packageEntry)};
window.peerCheckout = { AdyenCheckout, Card, Pix, Boleto };
`;

async function buildPeer(outDir: string): Promise<Rolldown.OutputChunk[]> {
  const packageEntry = resolvePeer('@adyen/adyen-web');
  const entry = join(outDir, 'peer-entry.js');
  writeFileSync(entry, PEER_ENTRY(packageEntry));
  const result = await build({
    configFile: false,
    root: ROOT,
    mode: 'production',
    publicDir: false,
    logLevel: 'error',
    // The same second minifying pass as ours (vite.build-cdn.config.ts), so both are minified alike.
    plugins: [secondMinifyPass()],
    resolve: { conditions: ['module', 'browser', 'production'] },
    build: {
      outDir: join(outDir, 'dist'),
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: false,
      minify: true,
      lib: { entry, formats: ['es'], fileName: () => 'peer.js' },
      rolldownOptions: { output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false } } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => ('output' in output ? output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk') : []));
}

function figuresOf(chunks: Rolldown.OutputChunk[], css: Sizes): BundleFigures {
  return { initial: sum(initialChunks(chunks).map((chunk) => sizesOf(chunk.code))), total: sum(chunks.map((chunk) => sizesOf(chunk.code))), css, chunks: chunks.length };
}

/** Builds both and measures them. `ourBuildDir` is left for the caller to serve and remove. */
export async function measurePeerBundles(): Promise<PeerBundleResult> {
  const ourBuildDir = mkdtempSync(join(tmpdir(), 'pay-checkout-bench-cdn-'));
  const ourChunks = await buildCdnVariant('module', { outDir: ourBuildDir, logLevel: 'error', sourcemap: false });
  const report = measureCdnBundle(ourChunks);

  const peerDir = mkdtempSync(join(tmpdir(), 'pay-checkout-bench-peer-'));
  try {
    const peerChunks = await buildPeer(peerDir);
    // <package>/dist/es/index.js
    const packageDir = dirname(dirname(dirname(resolvePeer('@adyen/adyen-web'))));
    const cssFile = resolvePeer('@adyen/adyen-web/styles/adyen.css');
    const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
    return {
      ours: { initial: report.initial, total: report.total, buyer: report.buyer, css: NO_BYTES, chunks: ourChunks.length },
      peer: { ...figuresOf(peerChunks, sizesOf(readFileSync(cssFile, 'utf8'))), version, cssFile: cssFile.slice(ROOT.length + 1) },
      ourBuildDir,
    };
  } finally {
    rmSync(peerDir, { recursive: true, force: true });
  }
}
