/**
 * The code blocks of README.md and docs/*.md, and how each is checked. Every fenced block is
 * preceded by a marker, an HTML comment that Markdown renders as nothing:
 *
 *   <!-- doc-check: excerpt examples/relay/express.ts -->
 *     The block is an exact excerpt of that file (which a test runs): its lines, in order, as
 *     they are in the file. A line of its own that is only `…` in the language's comment
 *     (`// …`, `# …`, `<!-- … -->`, `/* … *\/`) leaves out lines of the file; each part between
 *     two such lines is a run of consecutive lines of the file, with one indentation taken off
 *     the whole part (an excerpt from inside a function reads unindented).
 *
 *   <!-- doc-check: run NAME -->
 *     A test in test/docs/ takes the block by `docFence('NAME')` and runs it, or compares it
 *     with what the code really answers (an answer sample, a console transcript).
 *
 * test/docs/doc-examples.test.ts fails on a block without a marker, on a marker no test
 * claims, and on an excerpt that no longer matches its file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The Markdown files whose blocks are examples: the README and every page of docs/. */
export function documentationFiles(): string[] {
  const pages = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...pages];
}

export type DocCheck = { kind: 'excerpt'; path: string } | { kind: 'run'; name: string };

export interface Fence {
  /** `docs/relay.md`, relative to the repository. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's first word (`ts`, `sh`, `json`), '' when there is none. */
  lang: string;
  /** The block's text, the fence's own indentation taken off, ending with a newline. */
  text: string;
  /** What the marker before it says; undefined when it has none (or an unreadable one). */
  check: DocCheck | undefined;
  /** The marker line as written, for messages. */
  marker: string | undefined;
  /** The paragraph before the marker (or before the block), joined into one line. */
  intro: string;
}

const MARKER = /^<!--\s*doc-check:\s*(excerpt|run)\s+(\S+)\s*-->$/;

function parseMarker(line: string | undefined): DocCheck | undefined {
  const match = line === undefined ? null : MARKER.exec(line.trim());
  if (!match) return undefined;
  return match[1] === 'excerpt' ? { kind: 'excerpt', path: match[2]! } : { kind: 'run', name: match[2]! };
}

/** Every fenced code block of one Markdown file (backticks or tildes, at any list indentation). */
export function fencesOf(file: string, source = readFileSync(join(ROOT, file), 'utf8')): Fence[] {
  const lines = source.split('\n');
  const fences: Fence[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^( *)(`{3,}|~{3,})(.*)$/.exec(lines[index]!);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^ *${fence![0] === '`' ? '`' : '~'}{${fence!.length},} *$`);
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !close.test(lines[end]!)) {
      const text = lines[end]!;
      // Content lines lose up to the opening fence's indentation (CommonMark).
      let cut = 0;
      while (cut < indent!.length && text[cut] === ' ') cut += 1;
      body.push(text.slice(cut));
      end += 1;
    }
    if (end === lines.length) throw new Error(`${file}:${index + 1}: a code block that is never closed`);
    let before = index - 1;
    while (before >= 0 && lines[before]!.trim() === '') before -= 1;
    const markerLine = before >= 0 ? lines[before] : undefined;
    const check = parseMarker(markerLine);
    let paragraphEnd = check ? before - 1 : before;
    while (paragraphEnd >= 0 && lines[paragraphEnd]!.trim() === '') paragraphEnd -= 1;
    const paragraph: string[] = [];
    for (let at = paragraphEnd; at >= 0 && lines[at]!.trim() !== ''; at -= 1) paragraph.unshift(lines[at]!.trim());
    fences.push({
      file,
      line: index + 1,
      lang: info!.trim().split(/\s+/)[0] ?? '',
      text: body.map((line) => `${line}\n`).join(''),
      check,
      marker: markerLine !== undefined && markerLine.includes('doc-check') ? markerLine.trim() : undefined,
      intro: paragraph.join(' '),
    });
    index = end;
  }
  return fences;
}

/** Every block of the README and docs/. */
export function allFences(): Fence[] {
  return documentationFiles().flatMap((file) => fencesOf(file));
}

/**
 * The text of the block whose marker is `<!-- doc-check: run NAME -->`. Throws unless exactly
 * one block carries that name: a test that checks a block always finds it.
 */
export function docFence(name: string): string {
  return docFenceEntry(name).text;
}

/** The whole entry of {@link docFence}: the block with where it is and the paragraph before it. */
export function docFenceEntry(name: string): Fence {
  const found = allFences().filter((fence) => fence.check?.kind === 'run' && fence.check.name === name);
  if (found.length !== 1) throw new Error(`${found.length} code blocks are marked "doc-check: run ${name}" in README.md and docs/*.md; expected 1`);
  return found[0]!;
}

/** A line that stands for lines left out: `…` alone in a comment of the block's language. */
export function isElision(line: string): boolean {
  return /^(?:\/\/|#|<!--|\/\*)?\s*…\s*(?:-->|\*\/)?$/.test(line.trim());
}

/** The block's parts between elision lines, blank lines at either end of a part dropped. */
export function excerptParts(text: string): string[][] {
  const parts: string[][] = [[]];
  for (const line of text.replace(/\n$/, '').split('\n')) {
    if (isElision(line)) parts.push([]);
    else parts.at(-1)!.push(line);
  }
  return parts
    .map((part) => {
      let start = 0;
      let end = part.length;
      while (start < end && part[start]!.trim() === '') start += 1;
      while (end > start && part[end - 1]!.trim() === '') end -= 1;
      return part.slice(start, end);
    })
    .filter((part) => part.length > 0);
}

/** Whether `part` is the file's lines from `at` on, every non-blank line under one indentation. */
function partAt(fileLines: string[], at: number, part: string[]): boolean {
  if (at + part.length > fileLines.length) return false;
  const first = part.findIndex((line) => line !== '');
  const firstFileLine = fileLines[at + first]!;
  if (!firstFileLine.endsWith(part[first]!)) return false;
  const indent = firstFileLine.slice(0, firstFileLine.length - part[first]!.length);
  if (indent.trim() !== '') return false;
  return part.every((line, offset) => (line === '' ? fileLines[at + offset]!.trim() === '' : fileLines[at + offset] === indent + line));
}

/**
 * Checks that `text` is an excerpt of `fileText` (see the top of this file). Answers undefined
 * when it is, else what does not match.
 */
export function excerptMismatch(text: string, fileText: string): string | undefined {
  const fileLines = fileText.split('\n');
  const parts = excerptParts(text);
  if (parts.length === 0) return 'the block is empty';
  let from = 0;
  for (const [index, part] of parts.entries()) {
    let found = -1;
    for (let at = from; at < fileLines.length; at += 1) {
      if (partAt(fileLines, at, part)) {
        found = at;
        break;
      }
    }
    if (found < 0) return `part ${index + 1} of ${parts.length} is not in the file (after line ${from}):\n${part.join('\n')}`;
    from = found + part.length;
  }
  return undefined;
}

/**
 * Compares an answer sample of the docs with a real answer. The sample must have the same
 * keys at every level and the same values, except: a string `"…"` stands for any string, a
 * string ending in `…` for any string starting so, and an array whose path is in
 * `partialArrays` may show only some of the real entries (in their order). `replace` maps
 * strings of the sample (the sandbox's documented URL) to what this run has. Answers the
 * differences, empty when there are none.
 */
export function sampleDifferences(
  sample: unknown,
  real: unknown,
  options: { partialArrays?: string[]; replace?: (text: string) => string } = {},
  path = '$',
): string[] {
  const replace = options.replace ?? ((text: string) => text);
  if (typeof sample === 'string') {
    if (typeof real !== 'string') return [`${path}: the sample has a string, the answer ${JSON.stringify(real)}`];
    if (sample === '…') return [];
    if (sample.endsWith('…')) return real.startsWith(replace(sample.slice(0, -1))) ? [] : [`${path}: ${JSON.stringify(real)} does not start as ${JSON.stringify(sample)}`];
    return replace(sample) === real ? [] : [`${path}: the sample says ${JSON.stringify(sample)}, the answer ${JSON.stringify(real)}`];
  }
  if (Array.isArray(sample)) {
    if (!Array.isArray(real)) return [`${path}: the sample has a list, the answer ${JSON.stringify(real)}`];
    if (options.partialArrays?.includes(path)) {
      let from = 0;
      for (const [index, entry] of sample.entries()) {
        const at = real.findIndex((candidate, position) => position >= from && sampleDifferences(entry, candidate, options, `${path}[${index}]`).length === 0);
        if (at < 0) return [`${path}[${index}]: ${JSON.stringify(entry)} is not among the answer's entries`];
        from = at + 1;
      }
      return [];
    }
    if (sample.length !== real.length) return [`${path}: the sample has ${sample.length} entries, the answer ${real.length}: ${JSON.stringify(real)}`];
    return sample.flatMap((entry, index) => sampleDifferences(entry, real[index], options, `${path}[${index}]`));
  }
  if (sample !== null && typeof sample === 'object') {
    if (real === null || typeof real !== 'object' || Array.isArray(real)) return [`${path}: the sample has an object, the answer ${JSON.stringify(real)}`];
    const sampleKeys = Object.keys(sample).sort();
    const realKeys = Object.keys(real).sort();
    if (sampleKeys.join() !== realKeys.join()) return [`${path}: the sample's keys are ${sampleKeys.join(', ')}; the answer's ${realKeys.join(', ')}`];
    return sampleKeys.flatMap((key) => sampleDifferences((sample as Record<string, unknown>)[key], (real as Record<string, unknown>)[key], options, `${path}.${key}`));
  }
  return Object.is(sample, real) ? [] : [`${path}: the sample says ${JSON.stringify(sample)}, the answer ${JSON.stringify(real)}`];
}
