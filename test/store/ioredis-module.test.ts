import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { IOREDIS_MISSING_MESSAGE, loadIoredis } from '../../src/store/ioredis-module.js';

describe('loading ioredis for the Redis store', () => {
  it('answers the installed ioredis', async () => {
    const ioredis = await loadIoredis();
    assert.equal(typeof ioredis.Redis, 'function');
  });

  it('says what to install when an app has no ioredis', async () => {
    // An import made from a directory with no node_modules above it: Node's own "not found".
    const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-no-ioredis-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      writeFileSync(join(dir, 'importer.mjs'), "export const importIoredis = () => import('ioredis');\n");
      const { importIoredis } = (await import(pathToFileURL(join(dir, 'importer.mjs')).href)) as { importIoredis: () => Promise<unknown> };
      await assert.rejects(loadIoredis(importIoredis), (error: Error) => {
        assert.equal(error.message, IOREDIS_MISSING_MESSAGE);
        assert.match(error.message, /npm install ioredis/);
        assert.equal((error.cause as NodeJS.ErrnoException).code, 'ERR_MODULE_NOT_FOUND');
        return true;
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes any other failure on as it is', async () => {
    const broken = new SyntaxError('Unexpected token');
    await assert.rejects(loadIoredis(() => Promise.reject(broken)), (error) => error === broken);
  });
});
