/**
 * A build plugin that gives each text of the widget's catalogue a short name in the minified
 * script-tag builds: `'field.phone.error.areaCode'` becomes `'2x'`, the same in the code that asks
 * for the text and in every language's catalogue. The long names say what a text is where it is
 * written; a buyer's browser only needs them to match, and each one costs its length in the
 * first chunk, in the chunk that uses it and in the catalogue.
 *
 * The rewrite is safe only if every name appears in the sources as one whole string literal.
 * A literal that is a piece of a name (`'method.' + id`, `` `method.${id}.name` ``) stops the
 * build, and so does a whole name left in a written chunk. The plugin hands the bundler a source
 * map of its edits.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { sourceNodes, type SourceNode } from './source-tree.js';

/** The modules of the catalogue's parts, one per language and part: only their objects become lists. */
const CATALOGUE_MODULE = /[\\/]src[\\/]widget[\\/]i18n[\\/]messages[\\/][^\\/]+\.[jt]s$/;

/** Short names in the order of `keys`: `'0'`, `'1'`... each name's place in the list. */
export function shortNames(keys: readonly string[]): Map<string, string> {
  return new Map(keys.map((key, index) => [key, String(index)]));
}

/**
 * A part of a language's catalogue (an object whose keys are all names) written as a list in the
 * order of the names: `catalogue['7']` finds the same text in it, and the list spends nothing on
 * keys. A name of another part leaves a hole (`[,,'text']`), a few bytes once compressed, so the
 * parts merged with `Object.assign` make one list. Parts come in the order of the names, the form's
 * first, so its list has no holes.
 */
function catalogueAsList(node: SourceNode, names: Map<string, string>, code: string): string | undefined {
  if (node.type !== 'ObjectExpression') return undefined;
  const properties = node['properties'] as SourceNode[];
  if (properties.length === 0) return undefined;
  const texts: string[] = [];
  for (const property of properties) {
    const key = property['key'] as SourceNode;
    const short = property.type === 'Property' && key.type === 'Literal' ? names.get(key['value'] as string) : undefined;
    if (short === undefined) return undefined;
    const value = property['value'] as SourceNode;
    texts[Number(short)] = code.slice(value.start, value.end);
  }
  // Array.from turns the holes into empty strings; `join` writes nothing between their commas.
  return `[${Array.from(texts, (text) => text ?? '').join(',')}]`;
}

/** The text of a string literal or of a template literal's static part; undefined for any other node. */
function stringOf(node: SourceNode): string | undefined {
  if (node.type === 'Literal' && typeof node['value'] === 'string') return node['value'];
  if (node.type === 'TemplateElement') return (node['value'] as { cooked: string | null }).cooked ?? undefined;
  return undefined;
}

/** Every `area.` and `area.sub.` the names start with: a string that is one of them is a name being built. */
function namePrefixes(keys: readonly string[]): Set<string> {
  const prefixes = new Set<string>();
  for (const key of keys) {
    const parts = key.split('.');
    for (let count = 1; count < parts.length; count += 1) prefixes.add(`${parts.slice(0, count).join('.')}.`);
  }
  return prefixes;
}

/**
 * The plugin, for our own sources (`src/`). `keys` are the catalogue's text names; each must hold
 * a dot (`area.text`), which is how a piece of a name is told from other strings.
 */
export function shortMessageKeys(keys: readonly string[]): Plugin {
  const names = shortNames(keys);
  const undotted = keys.filter((key) => !key.includes('.'));
  if (undotted.length > 0) throw new Error(`catalogue text names without a dot: ${undotted.join(', ')}`);
  const prefixes = namePrefixes(keys);
  /** Whether `text`, a piece of a template with `${}` in it, looks like the start or the end of a name. */
  const isNamePiece = (text: string) =>
    [...prefixes].some((prefix) => text.startsWith(prefix)) || (text.startsWith('.') && keys.some((key) => key.endsWith(text)));
  return {
    name: 'pay-checkout:short-message-keys',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src/') || id.includes('/node_modules/')) return undefined;
      const result = new MagicString(code);
      // The parts of templates with `${}` in them: pieces of a string, never a whole name.
      const pieces = new Set<SourceNode>();
      const catalogues: SourceNode[] = [];
      for (const node of sourceNodes(this.parse(code) as unknown as SourceNode)) {
        if (catalogues.some((catalogue) => node.start >= catalogue.start && node.end <= catalogue.end)) continue;
        const list = CATALOGUE_MODULE.test(id) ? catalogueAsList(node, names, code) : undefined;
        if (list !== undefined) {
          result.overwrite(node.start, node.end, list);
          catalogues.push(node);
          continue;
        }
        if (node.type === 'TemplateLiteral' && (node['expressions'] as unknown[]).length > 0) {
          for (const part of node['quasis'] as SourceNode[]) pieces.add(part);
        }
        const text = stringOf(node);
        if (text === undefined) continue;
        const short = names.get(text);
        if (pieces.has(node) ? isNamePiece(text) : prefixes.has(text)) {
          this.error(`${id}: a catalogue text name is built from pieces ("${text}"); write the whole name as one string literal`);
        }
        if (short !== undefined && !pieces.has(node)) {
          result.overwrite(node.start, node.end, node.type === 'Literal' ? JSON.stringify(short) : short);
        }
      }
      return { code: result.toString(), map: result.generateMap({ hires: true }) };
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const left = keys.filter((key) => file.code.includes(`"${key}"`) || file.code.includes(`'${key}'`) || file.code.includes(`\`${key}\``));
        if (left.length > 0) this.error(`${file.fileName} still names catalogue texts in full: ${left.join(', ')}`);
      }
    },
  };
}
