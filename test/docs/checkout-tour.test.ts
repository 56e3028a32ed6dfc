/**
 * docs/checkout-tour.md and the pictures of the documentation: `npm run screenshots` is the
 * script that takes them, the tour shows every picture it takes, and every picture a page shows
 * (Markdown `![…](…)` or HTML `<img src>`) is a file that exists. Taking the pictures needs the
 * demo and Chromium for minutes: `npm run screenshots` is run by hand, not here.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { TOUR_PATHS, TOUR_SCHEMES, TOUR_WIDTHS, tourImage } from '../../scripts/screenshots.js';
import { docFence, documentationFiles, ROOT } from './markdown-fences.js';

/** The pictures a page shows, as paths from the repository's root. */
function picturesOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const markdown = [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  const html = [...text.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  return [...markdown, ...html].filter((src) => !/^(?:https?|data):/.test(src)).map((src) => relative(ROOT, join(ROOT, dirname(file), src)));
}

describe('docs/checkout-tour.md and the pictures of the documentation', () => {
  it('takes the pictures again with `npm run screenshots`, which runs scripts/screenshots.ts', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    assert.equal(docFence('screenshots').trim(), 'npm run screenshots');
    assert.match(scripts['screenshots'] ?? '', /^node --import tsx scripts\/screenshots\.ts$/);
  });

  it('shows every picture the script takes, each step at both widths in both themes', () => {
    const shown = new Set(picturesOf('docs/checkout-tour.md'));
    const taken = TOUR_PATHS.flatMap((path) =>
      path.steps.flatMap((step) => TOUR_WIDTHS.flatMap((width) => TOUR_SCHEMES.map((scheme) => `docs/images/tour/${tourImage(path.name, step, width, scheme)}`))),
    );
    assert.equal(taken.length, 56);
    assert.deepEqual(taken.filter((picture) => !shown.has(picture)), [], 'pictures the tour does not show');
    const stale = readdirSync(join(ROOT, 'docs/images/tour')).filter((name) => !taken.includes(`docs/images/tour/${name}`));
    assert.deepEqual(stale, [], 'files in docs/images/tour/ the script does not take');
  });

  it('shows only pictures that exist, on every page', () => {
    const pages = documentationFiles();
    const pictures = pages.flatMap((file) => picturesOf(file).map((picture) => ({ file, picture })));
    assert.ok(pictures.length > 56, `only ${pictures.length} pictures found: is the pattern broken?`);
    const missing = pictures.filter(({ picture }) => !existsSync(join(ROOT, picture))).map(({ file, picture }) => `${file}: ${picture}`);
    assert.deepEqual(missing, []);
  });

  it('lists the tour in the README\'s documentation table, and docs/demo.md links to it', () => {
    assert.match(readFileSync(join(ROOT, 'README.md'), 'utf8'), /^\| `docs\/checkout-tour\.md` \|/m);
    assert.match(readFileSync(join(ROOT, 'docs/demo.md'), 'utf8'), /\]\(checkout-tour\.md\)/);
  });
});
