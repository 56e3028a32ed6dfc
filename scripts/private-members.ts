/**
 * The widget's private and protected members, which the minified script-tag builds give short
 * names (scripts/second-minify-pass.ts): `this.handleInstallmentsChange` becomes `$` and a
 * character or two, in every chunk alike. The names say what a member is where it is written; a buyer's browser only
 * needs them to match, and each one costs its length wherever it is used.
 *
 * A property's name is renamed everywhere it is written as a name (`a.name`, `{ name: … }`,
 * `name() {}`), whatever the object. So a name is left as it is when anything outside the
 * bundle's own code could spell it:
 * - any text of the bundle holds it as a word (a string, a template: `changed.has('name')`, a
 *   binding `.name=${…}`, a catalogue's text);
 * - the code that speaks with the API, the relay, the sandbox or the page's framework uses it
 *   (src/contract, src/relay, src/client, src/react…): a JSON body's fields are names there;
 * - the docs or the examples name it: the elements' attributes, properties, events and
 *   providers, which a shop writes;
 * - it overrides a member (`override`): Lit's own (`willUpdate`, `render`) are called by name.
 *   An override of one of our own protected members is renamed with the member it overrides.
 * The browser's own names (DOM properties) are never renamed: terser keeps them by default.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** `private`, `protected` (`static`, `readonly`, `abstract`, `async`, `get`, `set` allowed), never `override`. */
const MEMBER = /^\s+(?:private|protected)\s+((?:(?:static|readonly|abstract|async|override|get|set)\s+)*)([A-Za-z_$][\w$]*)\s*[(:=;?!<]/gm;

/** The names a TypeScript source declares as private or protected members, overrides left out. */
export function privateMemberNames(source: string): string[] {
  const names: string[] = [];
  for (const [, modifiers, name] of source.matchAll(MEMBER)) {
    if (!/\boverride\b/.test(modifiers ?? '')) names.push(name!);
  }
  return names;
}

/** Every word (`[A-Za-z_$][\w$]*`) of some texts. */
export function wordsOf(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts) for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) words.add(word);
  return words;
}

/**
 * The names to rename: private and protected members of `sources`, less every word of `spelled`
 * (the bundle's texts, the outside code, the docs).
 */
export function renamableMembers(sources: Iterable<string>, spelled: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  for (const source of sources) for (const name of privateMemberNames(source)) if (!spelled.has(name)) names.add(name);
  return [...names].sort();
}

/**
 * The code in a text: a document's code spans and blocks (its prose is no one's code), a source
 * file less its comments. Cut coarsely, so more is kept than needed, never less: a `//` in a
 * string cuts nothing that matters, as the string's words outside it stay.
 */
export function spokenCode(text: string, markdown: boolean): string {
  if (markdown) return (text.match(/```[\s\S]*?```|`[^`\n]+`/g) ?? []).join('\n');
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/**
 * A folder the repository does not hold: installed packages and what a tool builds (an example's
 * `.next/`, made when its test runs). Its words are no one's code of ours, and read, they would
 * make the minified bundle depend on which tests ran before the build.
 */
const BUILT_FOLDER = /(?:^|[\\/])(?:node_modules|dist|coverage|\.[^\\/]+)(?:[\\/]|$)/;

function filesUnder(dir: string, suffixes: readonly string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && suffixes.some((suffix) => entry.name.endsWith(suffix)) && !BUILT_FOLDER.test(relative(dir, entry.parentPath)))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The project's folders whose code or text speaks with the world outside the widget's bundle. */
const OUTSIDE = ['src/contract', 'src/relay', 'src/sandbox', 'src/client', 'src/http', 'src/store', 'src/react', 'demo', 'docs', 'examples'];

/**
 * What the project holds for `renamableMembers`: the widget's sources, and the words of the code
 * and texts outside it (the README, docs, examples, and the code that is not the widget's).
 */
export function projectTexts(root: string): { widgetSources: string[]; outsideWords: Set<string> } {
  const widgetSources = filesUnder(join(root, 'src/widget'), ['.ts']).map((file) => readFileSync(file, 'utf8'));
  const outside = [...[join(root, 'README.md')].filter(existsSync), ...OUTSIDE.flatMap((dir) => filesUnder(join(root, dir), ['.ts', '.tsx', '.js', '.mjs', '.vue', '.php', '.md', '.html', '.conf']))];
  const outsideWords = wordsOf(outside.map((file) => spokenCode(readFileSync(file, 'utf8'), file.endsWith('.md'))));
  return { widgetSources, outsideWords };
}

/** A short name can't be a word the bundle already has, nor a browser's property: every one of ours starts with `$`. */
const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$0123456789';

function* dollarNames(): Generator<string> {
  for (let length = 1; ; length += 1) {
    const indexes = new Array<number>(length).fill(0);
    for (;;) {
      yield `$${indexes.map((index) => NAME_CHARS[index]).join('')}`;
      let place = length - 1;
      while (place >= 0 && indexes[place] === NAME_CHARS.length - 1) indexes[place--] = 0;
      if (place < 0) break;
      indexes[place]! += 1;
    }
  }
}

/**
 * A short name for each of `names`, the most used first getting the shortest: `$` and one or two
 * characters, none of them a word of `code` (so no other property, and no browser's, which never
 * starts with `$`).
 */
export function shortMemberNames(names: readonly string[], code: string): Map<string, string> {
  const taken = wordsOf([code]);
  // One pass over the code for every name's count: a use is a whole run of word characters.
  const uses = new Map<string, number>();
  for (const [run] of code.matchAll(/[\w$]+/g)) uses.set(run, (uses.get(run) ?? 0) + 1);
  const byUse = names.map((name) => ({ name, count: uses.get(name) ?? 0 })).sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
  const free = dollarNames();
  const short = new Map<string, string>();
  for (const { name } of byUse) {
    let next = free.next().value!;
    while (taken.has(next)) next = free.next().value!;
    short.set(name, next);
  }
  return short;
}
