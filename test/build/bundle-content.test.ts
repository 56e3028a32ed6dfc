import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { buildCdnVariant, measureCdnBundle, type CdnBundleReport, type CostReport } from '../../scripts/cdn-bundle.js';

const gzipOf = (cost: CostReport | undefined) => (cost ? cost.initial.gzip + cost.onDemand.gzip : 0);
import { registrationFiles } from './package-layout.js';

/** What the widget may put in a buyer's page; a server dependency here would be a mistake. */
const BROWSER_DEPENDENCIES = ['lit', 'qrcode', 'zod'];

// Built fresh, into a temporary directory, so a stale dist/ can neither pass nor fail the budgets.
describe('the script-tag build (dist/cdn/pay-checkout.js): what goes in', () => {
  let outDir: string;
  let chunks: Rolldown.OutputChunk[];
  let report: CdnBundleReport;

  before(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'pay-checkout-budget-'));
    chunks = await buildCdnVariant('module', { outDir, logLevel: 'error', sourcemap: false });
    report = measureCdnBundle(chunks);
  });

  after(() => rmSync(outDir, { recursive: true, force: true }));

  describe('what goes in', () => {
    it('registers every element from the one entry', () => {
      const defined = chunks.reduce((count, chunk) => count + (chunk.code.match(/customElements\.define\(/g) ?? []).length, 0);
      assert.equal(defined, registrationFiles().length);
    });

    it('fetches the Pix QR encoder (qrcode) only when a QR is shown', () => {
      const qrcode = report.dependencies.find((cost) => cost.name === 'qrcode');
      assert.ok(qrcode && qrcode.onDemand.gzip > 0, 'qrcode is not in the build');
      assert.equal(qrcode.initial.gzip, 0);
      assert.ok(report.chunks.some((chunk) => chunk.loading === 'on demand' && chunk.file.startsWith('chunks/qrcode-')));
    });

    it('bundles no package but lit, zod and qrcode (and what they pull in)', () => {
      const named = report.dependencies.map((cost) => cost.name).filter((name) => name !== 'our code' && name !== 'bundler runtime');
      assert.deepEqual(named.filter((name) => !BROWSER_DEPENDENCIES.includes(name)), [], `packages in the bundle: ${report.packages.join(', ')}`);
    });

    it('shares the measured size among the dependencies without losing a byte', () => {
      const shared = report.dependencies.reduce((sum, cost) => sum + gzipOf(cost), 0);
      assert.ok(Math.abs(shared - report.total.gzip) < 1, `${shared} shared, ${report.total.gzip} measured`);
    });
  });
});
