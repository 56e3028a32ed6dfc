import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Rolldown } from 'vite';
import { BUDGETS, cataloguePartOf, checkBudgets, measureCdnBundle, type CdnBundleReport, type CostReport } from '../../scripts/cdn-bundle.js';
import { scriptTagModuleBuild } from './shared-builds.js';
import { projectTexts, renamableMembers, wordsOf } from '../../scripts/private-members.js';
import { COMPILE_ALL_FUNCTIONS, licencePreamble } from '../../scripts/second-minify-pass.js';
import { CDN_FILE_NAMES } from '../../vite.build-cdn.config.js';
import { RATE_LIMITS } from '../../src/contract/constants.js';
import { registeredTags, registrationFiles } from './package-layout.js';
import { warningTexts } from './warning-texts.js';

const gzipOf = (cost: CostReport | undefined) => (cost ? cost.initial.gzip + cost.onDemand.gzip : 0);

/** What the widget may put in a buyer's page; a server dependency here would be a mistake. */
const BROWSER_DEPENDENCIES = ['lit'];


/** The code a buyer fetches only when they need it, by a piece of its module's path. */
const ON_DEMAND_CODE = [
  'src/widget/card/card-fields.component.ts',
  'src/widget/results/qr-encoder.ts',
  'src/widget/results/pix-result/pix-result.component.ts',
  'src/widget/results/boleto-result/boleto-result.component.ts',
  'src/widget/results/card-result/card-result.component.ts',
  'src/widget/three-d-secure/three-d-secure-dialog.component.ts',
  'src/widget/three-d-secure/sandbox-provider.ts',
  'src/widget/checkout/payment-attempt.ts',
  'src/widget/providers/card-tokenizer.ts',
  'src/widget/providers/profiler-script.ts',
  'src/widget/i18n/messages/es.ts',
  'src/widget/i18n/messages/en.ts',
  'src/widget/i18n/messages/pt-BR.results.ts',
  'src/widget/i18n/messages/es.results.ts',
  'src/widget/i18n/messages/en.results.ts',
  'src/widget/i18n/messages/pt-BR.card.ts',
];

// Built fresh, into a temporary directory, so a stale dist/ can neither pass nor fail the budgets.
describe('the script-tag build (dist/cdn/pay-checkout.js): what goes in', () => {
  let outDir: string;
  let chunks: Rolldown.OutputChunk[];
  let report: CdnBundleReport;

  before(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'pay-checkout-budget-'));
    // With its source maps, as npm run build ships them: hidden, so the files carry no sourceMappingURL comment.
    chunks = await scriptTagModuleBuild(outDir);
    report = measureCdnBundle(chunks);
  });

  after(() => rmSync(outDir, { recursive: true, force: true }));

  describe('what goes in', () => {
    it('registers every element from the one entry', () => {
      const defined = chunks.reduce((count, chunk) => count + (chunk.code.match(/customElements\.define\(/g) ?? []).length, 0);
      assert.equal(defined, registrationFiles().length);
    });

    it('keeps the card form, the result views, the QR encoder, the 3-D Secure code, the payment and other languages out of the initial chunk', () => {
      const loadingOf = (path: string) => {
        const chunk = chunks.find((candidate) => Object.keys(candidate.modules).some((id) => id.endsWith(path)));
        return chunk && report.chunks.find((measured) => measured.file === chunk.fileName)?.loading;
      };
      assert.deepEqual(
        ON_DEMAND_CODE.map((path) => [path, loadingOf(path)]),
        ON_DEMAND_CODE.map((path) => [path, 'on demand']),
      );
      assert.equal(loadingOf('src/widget/i18n/messages/pt-BR.ts'), 'on demand');
    });

    it("keeps the entry to its own few lines, which no chunk imports (its URL is the shop's, a query or a redirect would load it twice)", () => {
      const entry = chunks.find((chunk) => chunk.fileName === CDN_FILE_NAMES.module)!;
      assert.deepEqual(chunks.filter((chunk) => chunk.imports.includes(entry.fileName) || chunk.dynamicImports.includes(entry.fileName)).map((chunk) => chunk.fileName), []);
      assert.deepEqual(Object.keys(entry.modules).map((id) => id.slice(id.lastIndexOf('src/'))), ['src/widget/script-tag.ts']);
    });

    it("carries Lit's error messages short (scripts/short-lit-errors.ts), not its sentences of advice", () => {
      const code = chunks.map((chunk) => chunk.code).join('\n');
      for (const sentence of ['Use `unsafeCSS` or `css` instead', 'take care to ensure page security', 'is not allowed on child or event bindings', 'can only contain a single expression', 'invalid template strings array']) {
        assert.equal(code.includes(sentence), false, sentence);
      }
      assert.ok(code.includes('"Lit: strings array"'));
      for (const list of ['litHtmlVersions', 'reactiveElementVersions', 'litElementVersions']) assert.equal(code.includes(list), false, list);
    });

    // A module's own lines run once its static imports have arrived and run: the entry's start the
    // configuration and the texts while the first chunk travels (script-tag.ts), so it imports none.
    it('lets the entry run before the first chunk arrives: it imports nothing statically, and the first chunk whole with import()', () => {
      const entry = chunks.find((chunk) => chunk.fileName === CDN_FILE_NAMES.module)!;
      const core = chunks.find((chunk) => chunk.fileName.startsWith('chunks/checkout-core-'))!;
      assert.deepEqual(entry.imports, []);
      assert.ok(entry.dynamicImports.includes(core.fileName), entry.dynamicImports.join(', '));
      // The first chunk is the one file: no facade re-exporting it, no helper of the bundler's before the form.
      assert.equal(core.facadeModuleId?.slice(core.facadeModuleId.lastIndexOf('src/')), 'src/widget/script-tag-core.ts');
      assert.deepEqual(chunks.filter((chunk) => chunk.fileName.startsWith('chunks/checkout-core-')).length, 1);
      assert.deepEqual(core.imports, []);
    });

    it('lets the boleto and card views come without the Pix view or its QR encoder', () => {
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The modules a chunk brings, with every chunk it imports statically. */
      const modulesWith = (chunk: Rolldown.OutputChunk, seen = new Set<string>()): string[] => {
        if (seen.has(chunk.fileName)) return [];
        seen.add(chunk.fileName);
        return [...Object.keys(chunk.modules), ...chunk.imports.flatMap((file) => modulesWith(byFile.get(file)!, seen))];
      };
      for (const view of ['boleto-result/boleto-result.component.ts', 'card-result/card-result.component.ts']) {
        const chunk = chunks.find((candidate) => Object.keys(candidate.modules).some((id) => id.endsWith(view)))!;
        const pixCode = modulesWith(chunk).filter((id) => /results[\\/](qr-encoder|pix-result[\\/])/.test(id));
        assert.deepEqual(pixCode, [], `${view} brings ${pixCode.join(', ')}`);
      }
    });

    // What a Pix or boleto buyer fetches after the form is the payment chunk and their view's: the card's code
    // (form, tokenizer, the anti-fraud profiler's script loader, result view, the billing address 3-D Secure asks for) and
    // the sandbox's 3-D Secure code (provider, dialog) each come as one chunk: a shop's own 3-D Secure provider needs the
    // address, never the sandbox's code.
    it("keeps the card code out of the payment chunk, and ships it with the billing address in one chunk, the sandbox's 3-D Secure code in another", () => {
      const chunkOf = (path: string) => chunks.find((candidate) => Object.keys(candidate.modules).some((id) => id.endsWith(path)))!;
      const payment = chunkOf('src/widget/checkout/payment-attempt.ts');
      const cardCode = Object.keys(payment.modules).filter((id) => /widget[\\/](card[\\/]|address[\\/]|providers[\\/]card-tokenizer\.ts$|results[\\/]card-result[\\/])/.test(id));
      assert.deepEqual(cardCode, []);
      const card = chunkOf('src/widget/card/card-fields.component.ts');
      assert.deepEqual(
        ['src/widget/providers/card-tokenizer.ts', 'src/widget/providers/profiler-script.ts', 'src/widget/results/card-result/card-result.component.ts', 'src/widget/address/address-fields.component.ts'].map(
          (path) => chunkOf(path).fileName,
        ),
        [card.fileName, card.fileName, card.fileName, card.fileName],
      );
      // A foreign-currency offer's country list stays apart: it is asked for by few buyers.
      assert.notEqual(chunkOf('src/widget/address/abroad.ts').fileName, card.fileName);
      const threeDSecure = chunkOf('src/widget/three-d-secure/sandbox-provider.ts');
      assert.equal(chunkOf('src/widget/three-d-secure/three-d-secure-dialog.component.ts').fileName, threeDSecure.fileName);
      assert.notEqual(threeDSecure.fileName, card.fileName);
    });

    // Loaded through one module each (card-code.ts, three-d-secure-code.ts), the chunks answer their import() with
    // their own exports: no module object built at run time, no bundler's helper in a file the browser finds only once
    // the chunk is parsed, and no export of theirs kept that no code reads.
    it('ships the card and 3-D Secure code as chunks that answer their import() themselves and import only the core and the payment chunk', () => {
      const chunkOf = (path: string) => chunks.find((candidate) => Object.keys(candidate.modules).some((id) => id.endsWith(path)))!;
      const core = chunkOf('src/widget/checkout/checkout.component.ts');
      const payment = chunkOf('src/widget/checkout/payment-attempt.ts');
      const paths = [
        { chunk: chunkOf('src/widget/card/card-fields.component.ts'), facade: 'src/widget/card/card-code.ts', name: /^chunks\/card-fields-/ },
        { chunk: chunkOf('src/widget/three-d-secure/sandbox-provider.ts'), facade: 'src/widget/three-d-secure/three-d-secure-code.ts', name: /^chunks\/three-d-secure-/ },
      ];
      for (const { chunk, facade, name } of paths) {
        assert.ok(chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(facade), `${chunk.fileName} is answered through ${String(chunk.facadeModuleId)}`);
        assert.match(chunk.fileName, name);
        assert.deepEqual([...chunk.imports].sort(), [core.fileName, payment.fileName].sort());
        assert.ok(core.dynamicImports.includes(chunk.fileName), `the core fetches ${chunk.fileName}`);
      }
      // Only the payment chunk builds a module object for its import(): the bundler's helper for it is in that chunk, not a file of its own.
      assert.deepEqual(chunks.filter((chunk) => Object.keys(chunk.modules).some((id) => id.startsWith('\0'))).map((chunk) => chunk.fileName), [payment.fileName]);
    });

    // src/widget/dev-mode.ts: DEV_MODE is false here, and each `if (DEV_MODE)` goes with its strings.
    it('carries none of the development warnings, and their pay-checkout: prefix only in the one short production line', () => {
      const texts = warningTexts();
      assert.ok(texts.includes('pay-checkout: '), texts.join(' | '));
      const found = chunks.flatMap((chunk) => texts.filter((text) => chunk.code.includes(text)).map((text) => `${chunk.fileName}: ${text}`));
      const core = chunks.find((chunk) => chunk.code.includes('docs/widget.md#console'));
      assert.ok(core, 'the production line is there');
      assert.deepEqual(found, [`${core.fileName}: pay-checkout: `]);
      assert.equal(core.code.split('pay-checkout: ').length, 2, 'the prefix once');
    });

    it("carries of the API's Limits table only the card tokens' row, which the card tokenizer reads: the other rows are the relay's and the sandbox's", () => {
      const code = chunks.map((chunk) => chunk.code).join('\n');
      const serverRows = Object.keys(RATE_LIMITS).filter((name) => name !== 'cardTokensPerUser');
      assert.ok(serverRows.length > 0);
      assert.deepEqual(serverRows.filter((name) => code.includes(name)), []);
    });

    it('bundles no package but lit (and what it pulls in)', () => {
      const named = report.dependencies.map((cost) => cost.name).filter((name) => name !== 'our code' && name !== 'bundler runtime');
      assert.deepEqual(named.filter((name) => !BROWSER_DEPENDENCIES.includes(name)), [], `packages in the bundle: ${report.packages.join(', ')}`);
    });

    it('counts for one buyer every chunk but the catalogues of the languages they do not read', () => {
      const catalogues = report.chunks.filter((chunk) => chunk.loading === 'on demand' && chunk.catalogue !== undefined);
      assert.deepEqual(catalogues.map((chunk) => chunk.catalogue).sort(), ['en', 'en', 'en', 'es', 'es', 'es', 'pt-BR', 'pt-BR', 'pt-BR'], 'three parts per language');
      const byLanguage = new Map<string, number>();
      for (const chunk of catalogues) byLanguage.set(chunk.catalogue!, (byLanguage.get(chunk.catalogue!) ?? 0) + chunk.gzip);
      const [cheapest, second] = [...byLanguage.values()].sort((a, b) => a - b);
      assert.equal(report.buyer.gzip, report.total.gzip - cheapest! - second!);
    });

    it("puts each language's catalogue in three chunks: the form's texts, the card form's own, and the Pix and boleto views' own", () => {
      const parts = chunks.flatMap((chunk) => {
        const part = cataloguePartOf(chunk);
        return part ? [`${part.locale} ${part.part}`] : [];
      });
      assert.deepEqual(parts.sort(), ['en card', 'en form', 'en results', 'es card', 'es form', 'es results', 'pt-BR card', 'pt-BR form', 'pt-BR results']);
      const results = chunks.filter((chunk) => cataloguePartOf(chunk)?.part === 'results');
      assert.ok(results.every((chunk) => chunk.code.includes('Pix')) && !results.some((chunk) => /Nome completo|Full name|Nombre completo/.test(chunk.code)));
    });

    it('shares the measured size among the dependencies without losing a byte', () => {
      const shared = report.dependencies.reduce((sum, cost) => sum + gzipOf(cost), 0);
      assert.ok(Math.abs(shared - report.total.gzip) < 1, `${shared} shared, ${report.total.gzip} measured`);
    });
  });

  // scripts/second-minify-pass.ts: terser after the bundler's minifier.
  describe('the second minifying pass', () => {
    it("keeps each of Lit's licence notices once, at the top of the chunk that holds Lit, and no other comment", () => {
      const commented = chunks.filter((chunk) => /\/\*[\s\S]*?\*\//.test(chunk.code));
      assert.equal(commented.length, 1, commented.map((chunk) => chunk.fileName).join(', '));
      const core = commented[0]!;
      assert.ok(core.code.includes('lit-html'), 'the chunk holding Lit');
      const notices = core.code.match(/\/\*[\s\S]*?\*\//g)!;
      const years = notices.map((notice) => /Copyright (\d{4}) Google LLC/.exec(notice)?.[1]).sort();
      assert.deepEqual(years, ['2017', '2019', '2020', '2021']);
      assert.ok(notices.every((notice) => notice.includes('SPDX-License-Identifier: BSD-3-Clause') && notice.includes('@license')));
      assert.ok(core.code.startsWith(`${COMPILE_ALL_FUNCTIONS}\n${notices.join('\n')}`), 'together, before the code, after the compile hint');
    });

    it("starts the first chunk, the card form's chunk and the chunks that run first between \"Pay\" and the order on screen with V8's hint to compile all their functions as they load, and no other file", () => {
      const hinted = chunks.filter((chunk) => chunk.code.includes('allFunctionsCalledOnLoad')).map((chunk) => chunk.fileName);
      const entry = chunks.find((chunk) => chunk.fileName === CDN_FILE_NAMES.module)!;
      const holding = (pattern: RegExp) => {
        const found = chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));
        assert.equal(found.length, 1, `one chunk holds ${pattern}`);
        return found[0]!.fileName;
      };
      const first = entry.dynamicImports.find((file) => /^chunks\/checkout-core-/.test(file));
      assert.ok(first, 'the entry imports the first chunk');
      const paying = [
        holding(/checkout[\\/]payment-attempt\.ts$/),
        holding(/checkout[\\/]order-status-controller\.ts$/),
        holding(/pix-result[\\/]pix-result\.component\.ts$/),
        holding(/boleto-result[\\/]boleto-result\.component\.ts$/),
        holding(/results[\\/]copy-button\.ts$/),
        holding(/results[\\/]order-following\.ts$/),
      ];
      // Its input handling first runs at the buyer's first key in the card number.
      const cardForm = holding(/card[\\/]card-fields\.component\.ts$/);
      assert.deepEqual(hinted.sort(), [...new Set([first, ...paying, cardForm])].sort());
      for (const file of hinted) {
        const { code } = chunks.find((chunk) => chunk.fileName === file)!;
        // V8 reads the hint only as the file's first line.
        assert.ok(code.startsWith(`${COMPILE_ALL_FUNCTIONS}\n`) && !code.startsWith(`${COMPILE_ALL_FUNCTIONS}\n\n`), file);
        assert.equal(code.split('allFunctionsCalledOnLoad').length, 2, `${file}: once`);
      }
    });

    it('reads the licence comments a chunk holds, each once and in order, and nothing else', () => {
      const lit = '/**\n* @license\n* Copyright 2017 Google LLC\n*/';
      const code = `/*! a */var a=1;${lit}var b="/* not one */";${lit}/* plain */var c=2;/** @preserve kept */`;
      assert.equal(licencePreamble(code), ['/*! a */', lit, '/* not one */', '/** @preserve kept */'].filter((comment) => comment !== '/* not one */').join('\n'));
      assert.equal(licencePreamble('var a=1;/* plain */'), '');
    });

    it("gives the widget's private members short names in every chunk, and leaves the names the API, the docs and the chunks' exports spell", () => {
      const { widgetSources, outsideWords } = projectTexts(fileURLToPath(new URL('../..', import.meta.url)));
      const words = wordsOf(chunks.map((chunk) => chunk.code));
      const renamed = renamableMembers(widgetSources, outsideWords).filter((name) => !words.has(name));
      assert.ok(renamed.length > 80, `${renamed.length} members renamed`);
      // One in the core called from another chunk, a Lit state property, the most used.
      for (const name of ['renderField', 'cepStatus', 'localeController']) assert.ok(renamed.includes(name), name);
      // Private members too, but a field of the API's charge body, a method of the 3-D Secure provider a shop writes,
      // and the export of a chunk that the core reads from its import().
      for (const kept of ['installments', 'authenticate', 'suggestEmail']) assert.ok(words.has(kept), kept);
    });

    it("maps each element's registration back to the component that registers it, through the chunk's source map", () => {
      const checked: string[] = [];
      for (const chunk of chunks) {
        const lines = chunk.code.split('\n');
        const map = new TraceMap(JSON.parse(readFileSync(join(outDir, `${chunk.fileName}.map`), 'utf8')));
        lines.forEach((line, index) => {
          for (const match of line.matchAll(/customElements\.define\("([a-z0-9-]+)"/g)) {
            const { source } = originalPositionFor(map, { line: index + 1, column: match.index });
            assert.ok(source, `${match[1]} in ${chunk.fileName} maps to no source`);
            const registration = readFileSync(join(outDir, 'chunks', source), 'utf8');
            assert.ok(registration.includes(`'${match[1]}'`), `${match[1]} maps to ${source}`);
            checked.push(match[1]!);
          }
        });
      }
      assert.deepEqual(checked.sort(), registeredTags().sort());
    });
  });

  // What a buyer fetches before the form and on each path is measured in Chromium: test/e2e/buyer-paths-budgets.test.ts.
  describe('the budget of the build', () => {
    it(`keeps every chunk, each language's catalogue among them, to at most ${BUDGETS.chunkGzip / 1000} KB gzip`, () => {
      const over = report.chunks.filter((chunk) => chunk.gzip > BUDGETS.chunkGzip).map((chunk) => `${chunk.file}: ${chunk.gzip} bytes of gzip`);
      assert.deepEqual(over, []);
      assert.ok(checkBudgets(report).every((verdict) => verdict.ok));
    });

    it('says over budget when a chunk is a byte over, and names it', () => {
      const withLargest = (gzip: number): CdnBundleReport => ({ ...report, chunks: [...report.chunks, { ...report.chunks[0]!, file: 'chunks/large.js', gzip }] });
      assert.deepEqual(checkBudgets(withLargest(BUDGETS.chunkGzip)).map(({ where, ok }) => ({ where, ok })), [{ where: 'chunks/large.js', ok: true }]);
      assert.deepEqual(checkBudgets(withLargest(BUDGETS.chunkGzip + 1)).map(({ where, ok }) => ({ where, ok })), [{ where: 'chunks/large.js', ok: false }]);
    });
  });
});
