import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/pay-checkout.js', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('pay-checkout command line', () => {
  it('prints the package version', async () => {
    const { stdout } = await run(process.execPath, [bin, '--version']);
    assert.equal(stdout.trim(), version);
  });

  it('prints usage with --help and exits 0', async () => {
    const { stdout } = await run(process.execPath, [bin, '--help']);
    assert.match(stdout, /^Usage: pay-checkout <command>/);
  });

  it('refuses an unknown command with exit code 2 and says which', async () => {
    await assert.rejects(run(process.execPath, [bin, 'launch-rockets']), (error: NodeJS.ErrnoException & { code: number; stderr: string }) => {
      assert.equal(error.code, 2);
      assert.match(error.stderr, /unknown command "launch-rockets"/);
      return true;
    });
  });
});
