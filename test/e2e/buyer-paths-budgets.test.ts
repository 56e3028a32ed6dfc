/**
 * The budgets of what a buyer's browser fetches from the script-tag build, measured in headless
 * Chromium on each path (scripts/buyer-paths-in-chromium.ts): the build made fresh into a
 * temporary directory, one browser for every path. Each path's figures are printed with its test.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Rolldown } from 'vite';
import { BUYER_PATHS, checkPathBudgets, pathCeiling, pathName, samePath, type BuyerPath, type BuyerPathMeasure, type FetchedFile } from '../../scripts/buyer-paths.js';
import { measureBuyerPaths } from '../../scripts/buyer-paths-in-chromium.js';
import { BUDGET_GOALS, BUDGETS, catalogueOf, cataloguePartOf } from '../../scripts/cdn-bundle.js';
import { scriptTagModuleBuild } from '../build/shared-builds.js';
import { isCardMethod } from '../../src/contract/payment-method-lists.js';
import { CDN_FILE_NAMES } from '../../vite.build-cdn.config.js';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(3)} KB`;

function describeFiles(files: FetchedFile[]): string {
  return files.map((file) => `${file.file}${file.beforeForm ? ' (before the form)' : ''} ${file.gzip}`).join(', ');
}

/** A path's measure with the given figures, as the check sees it. */
function fakeMeasure(path: BuyerPath, beforeFormGzip: number, totalGzip: number): BuyerPathMeasure {
  return { ...path, files: [], beforeForm: { raw: beforeFormGzip * 3, gzip: beforeFormGzip }, total: { raw: totalGzip * 3, gzip: totalGzip } };
}

describe('what a buyer fetches from the script-tag build, path by path, in Chromium', { timeout: 180_000 }, () => {
  let outDir: string;
  let chunks: Rolldown.OutputChunk[];
  let measures: BuyerPathMeasure[];

  before(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'pay-checkout-paths-'));
    chunks = await scriptTagModuleBuild(outDir);
    measures = await measureBuyerPaths(outDir);
  });

  after(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  const measureOf = (path: BuyerPath) => measures.find((measure) => samePath(measure, path))!;
  /** The file of each language's catalogue. */
  const catalogueFiles = () => new Map(chunks.flatMap((chunk) => (catalogueOf(chunk) === undefined ? [] : [[chunk.fileName, catalogueOf(chunk)!] as const])));

  for (const path of BUYER_PATHS) {
    it(`${pathName(path)}: at most ${pathCeiling(path) / 1000} KB gzip from page load to paid`, (t) => {
      const measure = measureOf(path);
      t.diagnostic(`${pathName(path)}: ${kb(measure.beforeForm.gzip)} before the form, ${kb(measure.total.gzip)} from page load to paid (gzip); ${describeFiles(measure.files)}`);
      assert.ok(measure.total.gzip <= pathCeiling(path), `${pathName(path)}: ${measure.total.gzip} bytes of gzip from page load to paid`);
    });
  }

  it(`fetches at most ${BUDGETS.beforeFormGzip / 1000} KB gzip before the form renders, on every path`, () => {
    const over = measures.filter((measure) => measure.beforeForm.gzip > BUDGETS.beforeFormGzip).map((measure) => `${pathName(measure)}: ${measure.beforeForm.gzip} bytes of gzip`);
    assert.deepEqual(over, []);
  });

  /** The file of `part` of the catalogue of `locale`. */
  const cataloguePartFile = (locale: string, part: 'form' | 'card' | 'results') =>
    chunks.find((chunk) => cataloguePartOf(chunk)?.locale === locale && cataloguePartOf(chunk)?.part === part)?.fileName;

  it('counts before the form what the form cannot show without (the entry, the buyer\'s catalogue) and no result view', () => {
    for (const measure of measures) {
      const beforeForm = measure.files.filter((file) => file.beforeForm).map((file) => file.file);
      const catalogue = cataloguePartFile(measure.locale, 'form');
      assert.ok(beforeForm.includes(CDN_FILE_NAMES.module) && catalogue !== undefined && beforeForm.includes(catalogue), `${pathName(measure)}: ${beforeForm.join(', ')}`);
      assert.deepEqual(beforeForm.filter((file) => /-result-/.test(file)), [], pathName(measure));
    }
  });

  it('fetches the card form\'s own texts, and the Pix and boleto views\', after the form, only on their paths, in the buyer\'s language', () => {
    /** When a path fetched `part` of its language's catalogue. */
    const fetchedPart = (measure: BuyerPathMeasure, part: 'card' | 'results') => {
      const texts = cataloguePartFile(measure.locale, part);
      return measure.files.filter((file) => file.file === texts).map((file) => (file.beforeForm ? 'before the form' : 'after the form'));
    };
    assert.deepEqual(
      measures.map((measure) => [pathName(measure), fetchedPart(measure, 'card'), fetchedPart(measure, 'results')]),
      measures.map((measure) => [pathName(measure), isCardMethod(measure.method) ? ['after the form'] : [], isCardMethod(measure.method) ? [] : ['after the form']]),
    );
  });

  it('fetches what only an order that may still change needs (its following, the reader of a kept order) on the Pix and boleto paths, never on a card paid at once', () => {
    const following = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/widget/results/order-following.ts'));
    assert.ok(following, 'no chunk answers the import of the order\'s following');
    assert.ok(['live-status.ts', 'order-resume.ts'].every((file) => Object.keys(following.modules).some((id) => id.endsWith(`/results/${file}`))), Object.keys(following.modules).join(', '));
    assert.deepEqual(
      measures.map((measure) => [pathName(measure), measure.files.some((file) => file.file === following.fileName)]),
      measures.map((measure) => [pathName(measure), !isCardMethod(measure.method)]),
    );
  });

  it("fetches the billing address with the card form on every card path, and the sandbox's provider and dialog only where the page has no provider of its own", () => {
    const chunkOf = (path: string) => chunks.find((chunk) => Object.keys(chunk.modules).some((id) => id.endsWith(path)))!.fileName;
    const card = chunkOf('/src/widget/card/card-fields.component.ts');
    const sandbox = chunkOf('/src/widget/three-d-secure/sandbox-provider.ts');
    assert.equal(chunkOf('/src/widget/address/address-fields.component.ts'), card);
    assert.equal(chunkOf('/src/widget/three-d-secure/three-d-secure-dialog.component.ts'), sandbox);
    assert.notEqual(card, sandbox);
    const fetched = (measure: BuyerPathMeasure) => [card, sandbox].filter((file) => measure.files.some((fetchedFile) => fetchedFile.file === file));
    assert.deepEqual(
      measures.map((measure) => [pathName(measure), fetched(measure)]),
      measures.map((measure) => [pathName(measure), !isCardMethod(measure.method) ? [] : measure.method === 'threeDs' && !measure.shopThreeDSecure ? [card, sandbox] : [card]]),
    );
  });

  it("fetches the same files in every language but the catalogue's, which are only the buyer's own", () => {
    const catalogues = catalogueFiles();
    /** The files of a path, its catalogue's parts named by language. */
    const fetched = (measure: BuyerPathMeasure) => measure.files.map((file) => (catalogues.has(file.file) ? `catalogue ${catalogues.get(file.file)}` : file.file)).sort();
    const abroad = measures.filter((measure) => measure.locale !== 'pt-BR');
    assert.deepEqual(abroad.map(pathName).sort(), ['pix (en)', 'pix (es)', "threeDs (es, the shop's 3-D Secure)"]);
    for (const measure of abroad) {
      const expected = fetched(measureOf({ ...measure, locale: 'pt-BR' })).map((file) => (file === 'catalogue pt-BR' ? `catalogue ${measure.locale}` : file));
      assert.deepEqual(fetched(measure), expected.sort(), pathName(measure));
    }
  });
});

describe('the budgets of the paths', () => {
  const pix = { method: 'pix', locale: 'pt-BR' } as const;
  const card = { method: 'credit_card', locale: 'es' } as const;

  it('are within at their limits, each against its costliest path', () => {
    const verdicts = checkPathBudgets([fakeMeasure(pix, BUDGETS.beforeFormGzip, BUDGETS.pathGzip - 1), fakeMeasure(card, BUDGETS.beforeFormGzip - 1, BUDGETS.pathGzip)]);
    assert.deepEqual(
      verdicts.map(({ measured, where, ok }) => ({ measured, where, ok })),
      [
        { measured: BUDGETS.beforeFormGzip, where: 'pix (pt-BR)', ok: true },
        { measured: BUDGETS.pathGzip, where: 'credit_card (es)', ok: true },
      ],
    );
  });

  it('says over budget when one path fetches a byte more before the form, or from page load to paid', () => {
    const beforeFormOver = checkPathBudgets([fakeMeasure(pix, BUDGETS.beforeFormGzip, BUDGETS.pathGzip), fakeMeasure(card, BUDGETS.beforeFormGzip + 1, BUDGETS.pathGzip)]);
    assert.deepEqual(beforeFormOver.map(({ where, ok }) => ({ where, ok })), [{ where: 'credit_card (es)', ok: false }, { where: 'pix (pt-BR)', ok: true }]);
    const pathOver = checkPathBudgets([fakeMeasure(pix, BUDGETS.beforeFormGzip, BUDGETS.pathGzip + 1), fakeMeasure(card, BUDGETS.beforeFormGzip, BUDGETS.pathGzip)]);
    assert.deepEqual(pathOver.map(({ where, ok }) => ({ where, ok })), [{ where: 'pix (pt-BR)', ok: true }, { where: 'pix (pt-BR)', ok: false }]);
  });

  it("hold the card through the sandbox's 3-D Secure to its own ceiling, every other path, the shop's own 3-D Secure among them, to theirs", () => {
    const threeDs = { method: 'threeDs', locale: 'pt-BR' } as const;
    const shop = { method: 'threeDs', locale: 'pt-BR', shopThreeDSecure: true } as const;
    const within = checkPathBudgets([
      fakeMeasure(pix, BUDGETS.beforeFormGzip, BUDGETS.pathGzip - 1),
      fakeMeasure(threeDs, BUDGETS.beforeFormGzip, BUDGETS.threeDsPathGzip),
      fakeMeasure(shop, BUDGETS.beforeFormGzip, BUDGETS.pathGzip),
    ]);
    assert.deepEqual(within.map(({ limit, where, ok }) => ({ limit, where, ok })), [
      { limit: BUDGETS.beforeFormGzip, where: 'pix (pt-BR)', ok: true },
      { limit: BUDGETS.pathGzip, where: "threeDs (pt-BR, the shop's 3-D Secure)", ok: true },
      { limit: BUDGETS.threeDsPathGzip, where: 'threeDs (pt-BR)', ok: true },
    ]);
    const over = checkPathBudgets([fakeMeasure(pix, BUDGETS.beforeFormGzip, BUDGETS.pathGzip), fakeMeasure(threeDs, BUDGETS.beforeFormGzip, BUDGETS.threeDsPathGzip + 1)]);
    assert.deepEqual(over.map(({ ok }) => ok), [true, true, false]);
    // A shop's path within the sandbox's ceiling is still over every path's.
    assert.deepEqual(checkPathBudgets([fakeMeasure(shop, BUDGETS.beforeFormGzip, BUDGETS.pathGzip + 1)]).map(({ ok }) => ok), [true, false]);
  });

  it("aim at 25 KB gzip before the form and 40 KB gzip from page load to paid, and hold both as met but for the card through the sandbox's 3-D Secure, within 2.575 KB of its goal", () => {
    assert.deepEqual(BUDGET_GOALS, { beforeFormGzip: 25_000, pathGzip: 40_000 });
    assert.equal(BUDGETS.beforeFormGzip, BUDGET_GOALS.beforeFormGzip);
    assert.equal(BUDGETS.pathGzip, BUDGET_GOALS.pathGzip);
    assert.ok(BUDGETS.threeDsPathGzip >= BUDGET_GOALS.pathGzip && BUDGETS.threeDsPathGzip <= 42_575, String(BUDGETS.threeDsPathGzip));
  });

  it('refuses to judge when no path was measured', () => {
    assert.throws(() => checkPathBudgets([]), /no buyer path was measured/);
  });
});
