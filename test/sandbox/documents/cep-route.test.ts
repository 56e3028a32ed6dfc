import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CEP_TABLE, FAILING_CEP } from '../../../src/sandbox/world/cep-table.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

describe('GET /sandbox/ceps/{cep}', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  const get = (cep: string) => fetch(`${running.baseUrl}/sandbox/ceps/${cep}`);

  it('answers the address of a CEP of the table, with or without the hyphen, in the charge\'s address names', async () => {
    for (const cep of ['01310100', '01310-100']) {
      const response = await get(cep);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=86400');
      assert.deepEqual(await response.json(), { zipcode: '01310100', street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' });
    }
  });

  it('answers a whole-town CEP with an empty street and district', async () => {
    assert.deepEqual(await (await get('78175000')).json(), { zipcode: '78175000', street: '', neighborhood: '', city: 'Poconé', state: 'MT' });
  });

  it('holds only well-formed entries: 8 digits, a city and a two-letter state each', () => {
    assert.ok(CEP_TABLE.size >= 8);
    for (const [cep, address] of CEP_TABLE) {
      assert.match(cep, /^\d{8}$/);
      assert.ok(address.city);
      assert.match(address.state, /^[A-Z]{2}$/);
    }
  });

  it('answers 404 for a CEP outside the table, 400 for one that is not 8 digits, and 503 for the failing CEP', async () => {
    const missing = await get('12345678');
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { detail: 'CEP não encontrado.' });
    for (const bad of ['1234567', '123456789', 'abcdefgh', '01310_100']) assert.equal((await get(bad)).status, 400, bad);
    assert.equal((await get(FAILING_CEP)).status, 503);
  });
});
