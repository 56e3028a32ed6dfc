import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRelay, viaCepAddressLookup, VIACEP_BASE_URL } from '../../src/relay/index.js';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_CLIENT_ID, refusal, SOLD_OFFERS } from './relay-harness.js';

/** A local service answering in ViaCEP's public format: `GET /ws/{cep}/json/`. */
const VIACEP_ANSWERS: Record<string, { status: number; body: string }> = {
  '01310100': {
    status: 200,
    body: JSON.stringify({
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      complemento: 'de 612 a 1510 - lado par',
      unidade: '',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
      estado: 'São Paulo',
      ibge: '3550308',
      ddd: '11',
    }),
  },
  '78175000': { status: 200, body: JSON.stringify({ cep: '78175-000', logradouro: '', complemento: '', bairro: '', localidade: 'Poconé', uf: 'MT' }) },
  '99999999': { status: 200, body: JSON.stringify({ erro: true }) },
  '99999998': { status: 200, body: JSON.stringify({ erro: 'true' }) },
  '50000000': { status: 500, body: '<html>erro</html>' },
  '60000000': { status: 200, body: 'not json' },
};

describe('viaCepAddressLookup', () => {
  let server: Server;
  let baseUrl: string;
  const requested: string[] = [];

  before(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const match = /^\/ws\/(\d{8})\/json\/$/.exec(request.url ?? '');
      const answer = match ? VIACEP_ANSWERS[match[1]!] : undefined;
      if (match?.[1] === '70000000') return; // never answers
      response.writeHead(answer?.status ?? 400, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(answer?.body ?? JSON.stringify({ erro: true }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const signal = () => new AbortController().signal;

  it('reads street, district, city and state, leaving out the CEP\'s own complemento', async () => {
    const lookup = viaCepAddressLookup({ baseUrl: `${baseUrl}/` });
    assert.deepEqual(await lookup('01310100', { signal: signal() }), { street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' });
    assert.equal(requested.at(-1), '/ws/01310100/json/');
    assert.deepEqual(await lookup('78175000', { signal: signal() }), { street: '', neighborhood: '', city: 'Poconé', state: 'MT' });
  });

  it('answers undefined for a CEP the service says does not exist, in either spelling of erro', async () => {
    const lookup = viaCepAddressLookup({ baseUrl });
    assert.equal(await lookup('99999999', { signal: signal() }), undefined);
    assert.equal(await lookup('99999998', { signal: signal() }), undefined);
  });

  it('throws for an error status or a body that is not JSON', async () => {
    const lookup = viaCepAddressLookup({ baseUrl });
    await assert.rejects(lookup('50000000', { signal: signal() }), /HTTP 500/);
    await assert.rejects(lookup('60000000', { signal: signal() }));
  });

  it('stops waiting when its signal aborts', async () => {
    const lookup = viaCepAddressLookup({ baseUrl });
    const controller = new AbortController();
    const pending = lookup('70000000', { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
  });

  it('goes to ViaCEP by default and refuses a base URL that is not http(s)', () => {
    assert.equal(VIACEP_BASE_URL, 'https://viacep.com.br/ws');
    assert.throws(() => viaCepAddressLookup({ baseUrl: 'ftp://cep.example' }), TypeError);
    assert.throws(() => viaCepAddressLookup({ baseUrl: 'not a url' }), TypeError);
  });

  it('serves the relay\'s address route: found, not found and a failed service', async () => {
    const relay = createRelay({
      apiBaseUrl: 'http://127.0.0.1:1',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      publicClientId: PUBLIC_CLIENT_ID,
      offers: SOLD_OFFERS,
      onError: () => undefined,
      addressLookup: viaCepAddressLookup({ baseUrl }),
    });
    const get = (cep: string) => relay.fetch(new Request(`http://relay.test/address?cep=${cep}`), { remoteAddress: '203.0.113.9' });
    const found = await get('01310-100');
    assert.equal(found.status, 200);
    assert.deepEqual(await found.json(), { zipcode: '01310100', street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', country: 'BR' });
    assert.equal((await refusal(await get('99999999'), 404)).type, 'address_not_found');
    assert.equal((await refusal(await get('50000000'), 502)).type, 'upstream_unavailable');
    await relay.close();
  });
});
