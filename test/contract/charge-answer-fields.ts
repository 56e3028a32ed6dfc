/** The fields every method's charge answer shares, as the spec's example writes them: the tests of the answer's schema and of its plain check build on them. */
export const CHARGE_ANSWER_COMMON = {
  id: 'ord_8f2c',
  refId: 'R7K2Q',
  amount: '97.00',
  baseAmount: '107.00',
  discount: '10.00',
  fees: '4.84',
  externalId: 'acq_91822',
  createdAt: '2025-03-01T10:00:00-03:00',
  product: { id: 'prod_1', short_id: 'AbC12', name: 'Curso de pão' },
  offer: { id: 'Xy12', name: 'Oferta principal', price: 107 },
};
