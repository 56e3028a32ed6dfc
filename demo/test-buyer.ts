/**
 * A buyer a tester can prefill the checkout with (the checkout's documented `customer`
 * property): valid for every method, the 3-D Secure billing address included. The CPF has
 * valid check digits and belongs to no one on purpose.
 */
import type { CustomerPrefill } from '../src/widget/index.js';

export const TEST_BUYER: Readonly<CustomerPrefill> = Object.freeze({
  name: 'Maria Silva',
  email: 'maria.silva@example.com',
  phone: '11987654321',
  document: '52998224725',
  address: {
    zipcode: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
});
