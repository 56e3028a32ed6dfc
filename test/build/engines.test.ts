/**
 * The Node versions the README names, against what the installed tree asks for: every package in
 * package-lock.json (the development tool chain included) accepts the version the README gives for
 * working on the project, so `npm install` prints no EBADENGINE warning there; and what a shop's
 * install pulls in (the package's own dependencies, and theirs) accepts any Node 20, as the README
 * says the installed package does.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../docs/markdown-fences.js';

// semver is in the tree (npm's own range rules, through the tool chain); typed here by what this test uses.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null };

interface LockedPackage {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  dev?: boolean;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; dependencies: Record<string, string> };
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** "Node 20.19 or newer" in the README's "Two commands", as a version: 20.19.0. */
function readmeToolChainVersion(): string {
  const named = /\(Node (\d+)\.(\d+) or newer, which the build tool/.exec(readme);
  assert.ok(named, 'the README names no Node version for the tool chain');
  return `${named[1]}.${named[2]}.0`;
}

/** The lock's entry a package at `from` resolves `name` to, as Node's lookup walks up node_modules folders. */
function resolveIn(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const path = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[path]) return path;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/** Every package a shop's `npm install pay-checkout` brings: the dependencies, and theirs, and so on. */
function runtimeTree(): string[] {
  const seen = new Set<string>();
  const visit = (from: string, names: string[]) => {
    for (const name of names) {
      const path = resolveIn(from, name);
      assert.ok(path, `${name} (needed by ${from || 'the package'}) is not in package-lock.json`);
      if (seen.has(path)) continue;
      seen.add(path);
      visit(path, Object.keys(lock.packages[path]!.dependencies ?? {}));
    }
  };
  visit('', Object.keys(manifest.dependencies));
  return [...seen];
}

describe('Node versions: the README, package.json and the installed tree agree', () => {
  it('every locked package, the tool chain included, accepts the Node version the README names', () => {
    const version = readmeToolChainVersion();
    const asking = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && entry.engines?.node);
    // Most of the tree says which Node it needs: a lock without engines would make this check empty.
    assert.ok(asking.length > 100, `only ${asking.length} locked packages name a Node version`);
    const refusing = asking.filter(([, entry]) => !semver.satisfies(version, entry.engines!.node!)).map(([path, entry]) => `${path} wants ${entry.engines!.node}`);
    assert.deepEqual(refusing, [], `these would print EBADENGINE on Node ${version}`);
  });

  it("the package's own engines start at Node 20, and what a shop installs with it runs there", () => {
    assert.equal(semver.minVersion(manifest.engines.node)?.version, '20.0.0');
    assert.match(readme, /the installed package itself runs on any Node 20/);
    const tree = runtimeTree();
    assert.ok(tree.includes('node_modules/lit') && tree.includes('node_modules/zod'), tree.join(', '));
    // No development package among them: the walk follows dependencies only.
    assert.deepEqual(tree.filter((path) => lock.packages[path]!.dev), []);
    const refusing = tree.filter((path) => {
      const range = lock.packages[path]!.engines?.node;
      return range !== undefined && !semver.satisfies('20.0.0', range);
    });
    assert.deepEqual(refusing, []);
  });
});
