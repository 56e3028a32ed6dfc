/**
 * `GET /sandbox/ceps/{cep}`: the address of a CEP of the sandbox's table (world/cep-table.ts),
 * what the relay's `sandboxAddressLookup` reads. Not part of the Public API: it stands in for
 * the CEP service a merchant's relay asks.
 */
import { detailResponse, jsonResponse } from '../requests/responses.js';
import type { Route } from '../requests/router.js';
import { CEP_TABLE, FAILING_CEP } from '../world/cep-table.js';

const CEP_PATTERN = /^(\d{5})-?(\d{3})$/;

export function cepRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/sandbox/ceps/:cep',
      auth: 'none',
      handle({ params }) {
        const match = CEP_PATTERN.exec(params['cep'] ?? '');
        if (!match) return detailResponse(400, 'CEP deve ter 8 dígitos.');
        const cep = `${match[1]}${match[2]}`;
        if (cep === FAILING_CEP) return detailResponse(503, 'Serviço de CEP indisponível.');
        const address = CEP_TABLE.get(cep);
        if (!address) return detailResponse(404, 'CEP não encontrado.');
        return jsonResponse(200, { zipcode: cep, ...address }, { 'Cache-Control': 'public, max-age=86400' });
      },
    },
  ];
}
