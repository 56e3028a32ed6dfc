import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './package-layout.js';

const run = promisify(execFile);

/** A `runCli` that only says where it was loaded from. */
const cliSaying = (origin: string) => `export async function runCli(_argv, io) { io.out('${origin}'); return 0; }\n`;

// bin/pay-checkout.js in a package of its own, with stand-ins for src/cli.ts and dist/cli.js.
describe('bin/pay-checkout.js picks the build or the sources', () => {
  let dir: string;
  const at = (path: string) => join(dir, path);
  const touch = (path: string, seconds: number) => utimesSync(at(path), seconds, seconds);
  const origin = async () => (await run(process.execPath, [at('bin/pay-checkout.js')])).stdout.trim();

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pay-checkout-bin-'));
    mkdirSync(at('bin'));
    mkdirSync(at('src/sandbox/cli'), { recursive: true });
    copyFileSync(join(ROOT, 'bin/pay-checkout.js'), at('bin/pay-checkout.js'));
    writeFileSync(at('package.json'), JSON.stringify({ name: 'pay-checkout', type: 'module' }));
    symlinkSync(join(ROOT, 'node_modules'), at('node_modules'), 'dir');
    writeFileSync(at('src/cli.ts'), cliSaying('source'));
    writeFileSync(at('src/sandbox/cli/serve.ts'), 'export {};\n');
    touch('src/cli.ts', 1_000);
    touch('src/sandbox/cli/serve.ts', 1_000);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the sources through tsx when there is no build', async () => {
    assert.equal(await origin(), 'source');
  });

  describe('when dist/cli.js is built', () => {
    before(() => {
      mkdirSync(at('dist'));
      writeFileSync(at('dist/cli.js'), cliSaying('compiled'));
      touch('dist/cli.js', 2_000);
    });

    it('runs the build while no source changed after it', async () => {
      assert.equal(await origin(), 'compiled');
    });

    it('runs the sources once a source file, however deep, is newer than the build', async () => {
      touch('src/sandbox/cli/serve.ts', 3_000);
      assert.equal(await origin(), 'source');
      touch('src/sandbox/cli/serve.ts', 1_000);
    });

    it('runs the build in an installed package, whose sources the install wrote after it, with no tsx to be found', async () => {
      // As npm installs it: the package in a node_modules folder of a shop, files stamped as written.
      const shop = mkdtempSync(join(tmpdir(), 'pay-checkout-shop-'));
      try {
        const installed = join(shop, 'node_modules', 'pay-checkout');
        cpSync(dir, installed, { recursive: true, filter: (path) => path !== at('node_modules') });
        const stamp = (path: string, seconds: number) => utimesSync(join(installed, path), seconds, seconds);
        stamp('dist/cli.js', 2_000);
        stamp('src/cli.ts', 3_000);
        stamp('src/sandbox/cli/serve.ts', 3_000);
        const { stdout } = await run(process.execPath, [join(installed, 'bin/pay-checkout.js')], { cwd: shop });
        assert.equal(stdout.trim(), 'compiled');
      } finally {
        rmSync(shop, { recursive: true, force: true });
      }
    });

    it('runs the build in a published package, which has no sources', async () => {
      rmSync(at('src'), { recursive: true });
      assert.equal(await origin(), 'compiled');
    });
  });
});
