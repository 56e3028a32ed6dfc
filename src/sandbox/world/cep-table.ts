/**
 * The sandbox's CEP table: a few Brazilian postal codes and their addresses, so a demo or a
 * test can fill a billing address from a CEP without any service outside the machine. The
 * field names are the charge's `address.*` (public-api.md, request body). A CEP of a whole
 * small town (as the Correios give one to each town of a single CEP) has no street or district.
 */

/** One CEP's address. */
export interface CepAddress {
  street: string;
  neighborhood: string;
  city: string;
  /** Two-letter state code. */
  state: string;
}

/** A CEP the table answers 503 for, as a CEP service that is down would: a page's fallback can be tried. */
export const FAILING_CEP = '99999999';

/** The table, by the CEP's 8 digits (docs/sandbox.md lists them). */
export const CEP_TABLE: ReadonlyMap<string, CepAddress> = new Map([
  ['01310100', { street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }],
  ['20040020', { street: 'Avenida Rio Branco', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' }],
  ['30130010', { street: 'Avenida Afonso Pena', neighborhood: 'Centro', city: 'Belo Horizonte', state: 'MG' }],
  ['40020000', { street: 'Rua Chile', neighborhood: 'Centro', city: 'Salvador', state: 'BA' }],
  ['69005010', { street: 'Avenida Eduardo Ribeiro', neighborhood: 'Centro', city: 'Manaus', state: 'AM' }],
  ['70070120', { street: 'Setor Bancário Sul Quadra 2', neighborhood: 'Asa Sul', city: 'Brasília', state: 'DF' }],
  ['80020310', { street: 'Rua XV de Novembro', neighborhood: 'Centro', city: 'Curitiba', state: 'PR' }],
  ['90010280', { street: 'Rua dos Andradas', neighborhood: 'Centro Histórico', city: 'Porto Alegre', state: 'RS' }],
  ['78175000', { street: '', neighborhood: '', city: 'Poconé', state: 'MT' }],
]);
