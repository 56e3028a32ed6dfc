import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { privateMemberNames, projectTexts, renamableMembers, shortMemberNames, spokenCode, wordsOf } from '../../scripts/private-members.js';
import { secondMinifyPass } from '../../scripts/second-minify-pass.js';

describe("the widget's private members, renamed in the minified builds", () => {
  it('are the members declared private or protected, whatever their other modifiers, and never an override', () => {
    const source = `
export abstract class Group extends LitElement {
  private lookup: string | undefined;
  protected readonly shown = new Set<string>();
  private static cache = new Map();
  protected abstract specOf(name: string): Spec;
  private get asksCountry(): boolean { return true; }
  protected async loadAll() {}
  private handleInput = (event: Event) => {};
  protected optional?: number;
  protected override willUpdate(changed: PropertyValues) {}
  private override renderedOnce = false;
  public relay = '';
  currency = 'BRL';
  // private commented: a comment's words are no member
}`;
    assert.deepEqual(privateMemberNames(source), ['lookup', 'shown', 'cache', 'specOf', 'asksCountry', 'loadAll', 'handleInput', 'optional']);
  });

  it("leave out every name a text spells: a string, a template, code outside the widget, a document's code", () => {
    const sources = ['class A {\n  private lookup = 1;\n  private stepCount = 2;\n  protected fieldOfPath() {}\n  private values = {};\n}'];
    const spelled = wordsOf(["changed.has('stepCount')", spokenCode('The `values` of a form; its lookup is quick.', true)]);
    assert.deepEqual(renamableMembers(sources, spelled), ['fieldOfPath', 'lookup']);
  });

  it("read the project's own files, not installed packages or a tool's build output (an example's .next/)", () => {
    const root = mkdtempSync(join(tmpdir(), 'pay-checkout-members-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write('src/widget/a.ts', 'class A {\n  private ownWord = 1;\n}');
      write('examples/next/app/page.tsx', 'const exampleWord = 1;');
      write('examples/next/.next/server/page.js', 'const builtWord = 1;');
      write('examples/vue/node_modules/x/index.js', 'const installedWord = 1;');
      write('docs/dist/x.md', '`distWord`');
      const { widgetSources, outsideWords } = projectTexts(root);
      assert.equal(widgetSources.length, 1);
      assert.ok(outsideWords.has('exampleWord'));
      for (const word of ['builtWord', 'installedWord', 'distWord']) assert.equal(outsideWords.has(word), false, word);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("read a document's code spans and blocks, not its prose, and a source file without its comments", () => {
    assert.deepEqual([...wordsOf([spokenCode('Set `prefill` to fill.\n\n```js\nel.relay = "/r";\n```\nThe lookup runs.', true)])], ['prefill', 'js', 'el', 'relay', 'r']);
    assert.deepEqual([...wordsOf([spokenCode('const a = 1; // lookup\n/* values */ const url = "http://x";', false)])], ['const', 'a', 'url', 'http', 'x']);
  });

  it('get `$` names, the most used the shortest, none a word the code already has, no two alike', () => {
    const code = 'a.rare();a.often();a.often();a.often();a.middle();a.middle();var $a=1,$b=2;';
    const short = shortMemberNames(['middle', 'often', 'rare'], code);
    assert.deepEqual([...short], [['often', '$c'], ['middle', '$d'], ['rare', '$e']]);
    const many = shortMemberNames(Array.from({ length: 200 }, (_, index) => `member${index}`), '');
    assert.equal(new Set(many.values()).size, 200);
    assert.ok([...many.values()].every((name) => /^\$[\w$]{1,2}$/.test(name)));
  });

  // A name built at run time (`this[`render${kind}`]`) is spelled nowhere, so nothing keeps the member it names;
  // one written out (`this['order']`) is a string of the bundle, and keeps its member's name.
  it("are never read by a name built at run time: the widget's sources hold no `this[…]` but a name written out", () => {
    const { widgetSources } = projectTexts(fileURLToPath(new URL('../..', import.meta.url)));
    assert.ok(widgetSources.length > 50, `${widgetSources.length} sources`);
    assert.deepEqual(widgetSources.flatMap((source) => source.match(/\b(?:this|super)\[(?!\s*(['"])[\w$]+\1\s*\])[^\]]*\]/g) ?? []), []);
  });

  it('keep one name per member across chunks: a class in one chunk, extended and called in another, still works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-members-'));
    const files: Record<string, string> = {
      'src/widget/entry.ts': `
export class Counter {
  private stepCount = 0;
  protected describeCount(): string { return 'count ' + this.stepCount; }
  protected advanceCounter(by: number): void { this.stepCount += by; }
  report(): string { return this.describeCount(); }
}
export const loadTwice = () => import('./twice.js');
// The API's field: a JSON body read here keeps its name.
export function readAnswer(text: string): number { return (JSON.parse(text) as { orderTotal: number }).orderTotal; }
export class Answer {
  private orderTotal = 3;
  total(): number { return this.orderTotal; }
}
// A module's exports are its namespace's properties.
export class Later {
  private formatTwice = (n: number) => n * 2;
  async format(n: number): Promise<string> { const { formatTwice } = await import('./twice.js'); return formatTwice(this.formatTwice(n)); }
}`,
      'src/widget/twice.ts': `
import { Counter } from './entry.js';
export class Twice extends Counter {
  private timesCalled = 0;
  protected override describeCount(): string { this.timesCalled += 1; return super.describeCount() + ' twice, call ' + this.timesCalled; }
  step(): void { this.advanceCounter(2); }
}
export const formatTwice = (n: number) => 'twice ' + n;`,
      'src/contract/answer.ts': 'export interface AnswerBody { orderTotal: number }',
      // The build's output is imported below as modules.
      'package.json': '{ "type": "module" }',
    };
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), code);
    }
    try {
      await build({
        configFile: false,
        root: dir,
        logLevel: 'silent',
        build: { outDir: join(dir, 'out'), minify: true, lib: { entry: join(dir, 'src/widget/entry.ts'), formats: ['es'], fileName: () => 'entry.js' }, rolldownOptions: { output: { codeSplitting: true } } },
        plugins: [secondMinifyPass({ root: dir })],
      });
      const written = readdirSync(join(dir, 'out'), { recursive: true }).map(String).filter((file) => /\.m?js$/.test(file));
      assert.equal(written.length, 2, written.join(', '));
      const code = written.map((file) => readFileSync(join(dir, 'out', file), 'utf8')).join('\n');
      for (const name of ['stepCount', 'describeCount', 'advanceCounter', 'timesCalled']) assert.doesNotMatch(code, new RegExp(name), `${name} renamed`);
      assert.match(code, /orderTotal/, "a name the API's code spells is kept");
      const entry = await import(pathToFileURL(join(dir, 'out', written.find((file) => file.startsWith('entry'))!)).href);
      const { Twice } = await entry.loadTwice();
      const twice = new Twice();
      twice.step();
      twice.step();
      assert.equal(twice.report(), 'count 4 twice, call 1');
      assert.equal(entry.readAnswer('{"orderTotal":12}'), 12);
      assert.equal(new entry.Answer().total(), 3);
      assert.equal(await new entry.Later().format(4), 'twice 8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
