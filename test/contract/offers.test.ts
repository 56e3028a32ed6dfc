import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';
import {
  buildOfferQuery,
  compareOffers,
  INTERVAL_TYPES,
  InvalidOfferFiltersError,
  matchesOfferFilters,
  OFFER_ORDERING_KEYS,
  OFFER_QUERY_PARAMS,
  OFFER_STATUSES,
  offerFilterInstant,
  offerListSchema,
  offerSchema,
  parseOfferQuery,
  SUBSCRIPTION_ONLY_FILTERS,
} from '../../src/contract/offers.js';
import type { Offer, OfferFilters, OfferOrdering, OfferSearchProduct } from '../../src/contract/offers.js';

const uniqueOffer: Offer = {
  id: 'OFa1',
  name: 'Plano Básico',
  image: 'https://cdn.example.com/basico.png',
  price: 97,
  units: 1,
  default: true,
  product: 'p1',
  status: 'active',
  type: 'unique',
  intervalType: 'month',
  interval: 1,
  createdAt: '2025-03-01T10:00:00-03:00',
  updatedAt: '2025-03-05T10:00:00-03:00',
};

const subscriptionOffer: Offer = {
  id: 'OFb2',
  name: 'Assinatura Mensal',
  image: 'https://cdn.example.com/assinatura.png',
  price: 49.9,
  units: 1,
  default: false,
  product: 'p2',
  status: 'disabled',
  type: 'subscription',
  intervalType: null,
  interval: null,
  recurrence_period: 30,
  quantity_recurrences: -1,
  trial_days: 7,
  max_retries: 3,
  retry_interval: 2,
  createdAt: '2025-03-02T00:00:00-03:00',
};

const premiumOffer: Offer = {
  id: 'OFc3',
  name: 'Plano Premium',
  image: 'https://cdn.example.com/premium.png',
  price: 197,
  units: 1,
  default: false,
  product: 'p1',
  status: 'active',
  type: 'unique',
  intervalType: 'year',
  interval: 1,
  createdAt: '2025-02-28 23:59:59-03:00',
  updatedAt: '2025-03-01T12:00:00Z',
};

const offers = [uniqueOffer, subscriptionOffer, premiumOffer];

function failingFields(input: unknown): string[] {
  const result = validate(offerSchema, input);
  assert.equal(result.success, false, 'expected the input to be rejected');
  return result.success ? [] : Object.keys(flattenFieldErrors(result.errors));
}

function accepts(input: unknown): void {
  const result = validate(offerSchema, input);
  assert.equal(result.success, true, JSON.stringify(result));
}

describe('offerSchema', () => {
  it('accepts a unique offer without the subscription fields', () => {
    accepts(uniqueOffer);
  });

  it('accepts a subscription offer with the unique fields null', () => {
    accepts(subscriptionOffer);
  });

  it('strips keys the API may add', () => {
    const result = validate(offerSchema, { ...uniqueOffer, checkouts: [] });
    assert.equal(result.success, true);
    if (result.success) assert.equal('checkouts' in result.data, false);
  });

  it('takes id and product as non-empty strings', () => {
    assert.deepEqual(failingFields({ ...uniqueOffer, id: '' }), ['id']);
    assert.deepEqual(failingFields({ ...uniqueOffer, product: '' }), ['product']);
  });

  it('takes name as text', () => {
    assert.deepEqual(failingFields({ ...uniqueOffer, name: undefined }), ['name']);
  });

  it('takes image as an http(s) URL', () => {
    assert.deepEqual(failingFields({ ...uniqueOffer, image: 'basico.png' }), ['image']);
  });

  it('takes price as a number of at least 0', () => {
    accepts({ ...uniqueOffer, price: 0 });
    assert.deepEqual(failingFields({ ...uniqueOffer, price: -1 }), ['price']);
    assert.deepEqual(failingFields({ ...uniqueOffer, price: '97.00' }), ['price']);
  });

  it('takes units as an integer', () => {
    assert.deepEqual(failingFields({ ...uniqueOffer, units: 1.5 }), ['units']);
  });

  it('takes default as a boolean', () => {
    assert.deepEqual(failingFields({ ...uniqueOffer, default: 1 }), ['default']);
  });

  it('takes status active or disabled', () => {
    assert.deepEqual(OFFER_STATUSES, ['active', 'disabled']);
    assert.deepEqual(failingFields({ ...uniqueOffer, status: 'blocked' }), ['status']);
  });

  it('takes type unique or subscription', () => {
    assert.deepEqual(failingFields({ ...uniqueOffer, type: 'recurring' }), ['type']);
  });

  it('takes intervalType day, week, month or year', () => {
    assert.deepEqual(INTERVAL_TYPES, ['day', 'week', 'month', 'year']);
    for (const intervalType of INTERVAL_TYPES) accepts({ ...uniqueOffer, intervalType });
    assert.deepEqual(failingFields({ ...uniqueOffer, intervalType: 'hour' }), ['intervalType']);
  });

  it('takes the day and count fields as integers of at least 0, absent or null', () => {
    for (const field of ['interval', 'recurrence_period', 'trial_days', 'max_retries', 'retry_interval'] as const) {
      accepts({ ...subscriptionOffer, [field]: 0 });
      accepts({ ...subscriptionOffer, [field]: null });
      accepts({ ...subscriptionOffer, [field]: undefined });
      assert.deepEqual(failingFields({ ...subscriptionOffer, [field]: -1 }), [field]);
      assert.deepEqual(failingFields({ ...subscriptionOffer, [field]: 2.5 }), [field]);
    }
  });

  it('takes quantity_recurrences from -1 (unlimited)', () => {
    accepts({ ...subscriptionOffer, quantity_recurrences: 12 });
    assert.deepEqual(failingFields({ ...subscriptionOffer, quantity_recurrences: -2 }), ['quantity_recurrences']);
  });

  it('takes createdAt and updatedAt as optional date-times with an offset', () => {
    accepts({ ...uniqueOffer, createdAt: undefined, updatedAt: undefined });
    assert.deepEqual(failingFields({ ...uniqueOffer, createdAt: '2025-03-01' }), ['createdAt']);
    assert.deepEqual(failingFields({ ...uniqueOffer, updatedAt: '2025-03-01T10:00:00' }), ['updatedAt']);
  });
});

describe('offerListSchema', () => {
  it('wraps offers in the list envelope', () => {
    const list = { count: 3, next: null, previous: null, results: offers };
    assert.equal(validate(offerListSchema, list).success, true);
    const result = validate(offerListSchema, { ...list, results: [uniqueOffer, { ...premiumOffer, status: 'x' }] });
    assert.equal(result.success, false);
    if (!result.success) assert.deepEqual(Object.keys(flattenFieldErrors(result.errors)), ['results.1.status']);
  });
});

/** The options `buildOfferQuery` refuses, with their messages, keyed by option. */
function refusedOptions(filters: unknown): Record<string, string[]> {
  try {
    buildOfferQuery(filters as OfferFilters);
  } catch (error) {
    assert.ok(error instanceof InvalidOfferFiltersError);
    for (const option of Object.keys(error.fields)) assert.match(error.message, new RegExp(`${option}: `));
    return error.fields;
  }
  assert.fail('expected buildOfferQuery to throw');
}

function refuses(filters: unknown, options: string[]): void {
  assert.deepEqual(Object.keys(refusedOptions(filters)).sort(), [...options].sort());
}

function query(filters: OfferFilters): Record<string, string> {
  return Object.fromEntries(buildOfferQuery(filters));
}

describe('buildOfferQuery', () => {
  it('writes nothing for no filters', () => {
    assert.equal(buildOfferQuery({}).toString(), '');
  });

  it('writes id as a comma list', () => {
    assert.deepEqual(query({ id: ['OFa1', 'OFb2'] }), { id: 'OFa1,OFb2' });
    refuses({ id: [] }, ['id']);
    refuses({ id: ['OFa1,OFb2'] }, ['id']);
    refuses({ id: [''] }, ['id']);
    refuses({ id: 'OFa1' }, ['id']);
  });

  it('writes name as given, never blank', () => {
    assert.deepEqual(query({ name: 'Plano' }), { name: 'Plano' });
    refuses({ name: '' }, ['name']);
  });

  it('writes price and its four operators from numbers or decimal strings', () => {
    assert.deepEqual(query({ price: 97, price__gt: '10.50', price__gte: 0, price__lt: 199.9, price__lte: '200' }), {
      price: '97',
      price__gt: '10.50',
      price__gte: '0',
      price__lt: '199.9',
      price__lte: '200',
    });
    refuses({ price: 'R$ 97' }, ['price']);
    refuses({ price__gt: Number.NaN }, ['price__gt']);
    refuses({ price__gte: '1,5' }, ['price__gte']);
    refuses({ price__lt: Number.POSITIVE_INFINITY }, ['price__lt']);
    refuses({ price__lte: true }, ['price__lte']);
  });

  it('writes createdAt and updatedAt, with the operators, from dates, ISO date-times with offset and Date objects', () => {
    assert.deepEqual(
      query({
        createdAt: '2025-03-01',
        createdAt__gt: '2025-03-01T10:00:00-03:00',
        createdAt__gte: new Date(Date.UTC(2025, 2, 1, 13, 0, 0)),
        createdAt__lt: new Date(Date.UTC(2025, 2, 1, 13, 0, 0, 250)),
        createdAt__lte: '2025-03-01T13:00:00Z',
        updatedAt: '2025-03-01T10:00:00.5+05:30',
        updatedAt__gt: '2025-01-31',
        updatedAt__gte: '2025-01-31',
        updatedAt__lt: '2025-01-31',
        updatedAt__lte: '2025-01-31',
      }),
      {
        createdAt: '2025-03-01',
        createdAt__gt: '2025-03-01T10:00:00-03:00',
        createdAt__gte: '2025-03-01T13:00:00+00:00',
        createdAt__lt: '2025-03-01T13:00:00.250+00:00',
        createdAt__lte: '2025-03-01T13:00:00Z',
        updatedAt: '2025-03-01T10:00:00.5+05:30',
        updatedAt__gt: '2025-01-31',
        updatedAt__gte: '2025-01-31',
        updatedAt__lt: '2025-01-31',
        updatedAt__lte: '2025-01-31',
      },
    );
  });

  it('refuses dates that are not real days, date-times without an offset or in another form, and invalid Dates', () => {
    refuses({ createdAt: '2025-02-30' }, ['createdAt']);
    refuses({ createdAt__gt: '01-03-2025' }, ['createdAt__gt']);
    refuses({ createdAt__gte: '2025-03-01T10:00:00' }, ['createdAt__gte']);
    refuses({ createdAt__lt: '2025-03-01 10:00:00-03:00' }, ['createdAt__lt']);
    refuses({ createdAt__lte: '2025-03-01T25:00:00-03:00' }, ['createdAt__lte']);
    refuses({ updatedAt: new Date('not a date') }, ['updatedAt']);
    refuses({ updatedAt__gt: 1740787200000 }, ['updatedAt__gt']);
    refuses({ updatedAt__gte: '' }, ['updatedAt__gte']);
    refuses({ updatedAt__lt: '2025-3-1' }, ['updatedAt__lt']);
    refuses({ updatedAt__lte: '2025-03-01T10:00-03:00' }, ['updatedAt__lte']);
  });

  it('writes status, type and intervalType as comma lists of their values', () => {
    assert.deepEqual(query({ status: ['active', 'disabled'], type: ['unique'], intervalType: ['day', 'year'] }), {
      status: 'active,disabled',
      type: 'unique',
      intervalType: 'day,year',
    });
    refuses({ status: ['paused'] }, ['status']);
    refuses({ status: [] }, ['status']);
    refuses({ type: ['recurring'] }, ['type']);
    refuses({ intervalType: ['hour'] }, ['intervalType']);
  });

  it('writes interval as an integer', () => {
    assert.deepEqual(query({ interval: 3 }), { interval: '3' });
    refuses({ interval: 1.5 }, ['interval']);
    refuses({ interval: '3' }, ['interval']);
  });

  it('writes the subscription filters as integers', () => {
    for (const option of SUBSCRIPTION_ONLY_FILTERS) {
      assert.deepEqual(query({ [option]: -1 }), { [option]: '-1' });
      refuses({ [option]: 0.5 }, [option]);
    }
  });

  it('writes product as a comma list', () => {
    assert.deepEqual(query({ product: ['p1', 'p2'] }), { product: 'p1,p2' });
    refuses({ product: ['p1,p2'] }, ['product']);
  });

  it('writes default as true or false', () => {
    assert.deepEqual(query({ default: true }), { default: 'true' });
    assert.deepEqual(query({ default: false }), { default: 'false' });
    refuses({ default: 'yes' }, ['default']);
  });

  it('writes search as given, never blank', () => {
    assert.deepEqual(query({ search: 'python' }), { search: 'python' });
    refuses({ search: '' }, ['search']);
  });

  it('writes ordering from the eight keys, ascending or descending', () => {
    assert.deepEqual(OFFER_ORDERING_KEYS, ['id', 'name', 'price', 'product', 'status', 'default', 'createdAt', 'updatedAt']);
    for (const key of OFFER_ORDERING_KEYS) {
      assert.deepEqual(query({ ordering: key }), { ordering: key });
      assert.deepEqual(query({ ordering: `-${key}` }), { ordering: `-${key}` });
    }
    refuses({ ordering: 'units' }, ['ordering']);
    refuses({ ordering: '--price' }, ['ordering']);
    refuses({ ordering: '+price' }, ['ordering']);
  });

  it('writes page and limit as integers from 1', () => {
    assert.deepEqual(query({ page: 2, limit: 50 }), { page: '2', limit: '50' });
    refuses({ page: 0 }, ['page']);
    refuses({ page: 1.5 }, ['page']);
    refuses({ limit: 0 }, ['limit']);
  });

  it('refuses an option the query does not have', () => {
    refuses({ pageSize: 20 }, ['pageSize']);
  });

  it('names every invalid option at once', () => {
    refuses({ page: 0, ordering: 'units', status: ['paused'] }, ['page', 'ordering', 'status']);
  });

  it('writes the parameters in the order of the query table', () => {
    const params = buildOfferQuery({ limit: 5, search: 'a', id: ['x'], default: true, price__lte: 9, name: 'b' });
    assert.deepEqual([...params.keys()], ['id', 'name', 'price__lte', 'default', 'search', 'limit']);
    assert.equal(OFFER_QUERY_PARAMS[0], 'id');
    assert.equal(OFFER_QUERY_PARAMS.at(-1), 'limit');
  });
});

describe('buildOfferQuery with type-specific filters', () => {
  it('refuses unique-only filters together with subscription-only ones, naming both', () => {
    const fields = refusedOptions({ interval: 1, trial_days: 7 });
    assert.deepEqual(Object.keys(fields).sort(), ['interval', 'trial_days']);
    assert.match(fields['interval']![0]!, /trial_days/);
    assert.match(fields['trial_days']![0]!, /interval/);
    refuses({ intervalType: ['month'], recurrence_period: 30, max_retries: 3 }, ['intervalType', 'recurrence_period', 'max_retries']);
  });

  it('refuses unique-only filters when type excludes unique', () => {
    refuses({ type: ['subscription'], intervalType: ['month'] }, ['intervalType']);
    refuses({ type: ['subscription'], interval: 1 }, ['interval']);
    assert.deepEqual(query({ type: ['unique'], interval: 1 }), { type: 'unique', interval: '1' });
    assert.deepEqual(query({ type: ['subscription', 'unique'], interval: 1 }), { type: 'subscription,unique', interval: '1' });
  });

  it('refuses subscription-only filters when type excludes subscription', () => {
    for (const option of SUBSCRIPTION_ONLY_FILTERS) refuses({ type: ['unique'], [option]: 1 }, [option]);
    assert.deepEqual(query({ type: ['subscription'], trial_days: 7 }), { type: 'subscription', trial_days: '7' });
  });
});

function parsed(text: string): OfferFilters {
  const result = parseOfferQuery(new URLSearchParams(text));
  assert.equal(result.success, true, JSON.stringify(result));
  return result.success ? result.data : {};
}

function parseErrors(text: string): Record<string, unknown> {
  const result = parseOfferQuery(new URLSearchParams(text));
  assert.equal(result.success, false, 'expected the query to be rejected');
  return result.success ? {} : result.errors;
}

describe('parseOfferQuery', () => {
  it('reads back what buildOfferQuery writes', () => {
    const filters: OfferFilters = {
      id: ['OFa1', 'OFb2'],
      name: 'Plano',
      price: '97',
      price__gte: '10.50',
      createdAt__gt: '2025-03-01T10:00:00-03:00',
      updatedAt__lte: '2025-03-31',
      status: ['active'],
      type: ['unique', 'subscription'],
      intervalType: ['month'],
      interval: 1,
      product: ['p1'],
      default: false,
      search: 'python',
      ordering: '-createdAt',
      page: 3,
      limit: 25,
    };
    assert.deepEqual(parsed(buildOfferQuery(filters).toString()), filters);
    const subscription: OfferFilters = { recurrence_period: 30, quantity_recurrences: -1, trial_days: 7, max_retries: 3, retry_interval: 2 };
    assert.deepEqual(parsed(buildOfferQuery(subscription).toString()), subscription);
  });

  it('reads a Date filter back as its ISO text with offset', () => {
    const date = new Date(Date.UTC(2025, 2, 1, 13, 0, 0));
    const back = parsed(buildOfferQuery({ createdAt__gte: date }).toString());
    assert.equal(back.createdAt__gte, '2025-03-01T13:00:00+00:00');
    assert.equal(offerFilterInstant(back.createdAt__gte!).getTime(), date.getTime());
  });

  it('trims list items and drops empty ones', () => {
    assert.deepEqual(parsed('status=active, disabled,&id=OFa1,,OFb2'), { status: ['active', 'disabled'], id: ['OFa1', 'OFb2'] });
  });

  it('treats an empty parameter as no filter and ignores unknown ones', () => {
    assert.deepEqual(parsed('name=&interval=&format=json'), {});
  });

  it('takes the last value of a repeated parameter', () => {
    assert.deepEqual(parsed('default=true&default=false'), { default: false });
  });

  it('accepts unique-only and subscription-only filters together (they match nothing)', () => {
    assert.deepEqual(parsed('interval=2&trial_days=7&type=subscription'), { interval: 2, trial_days: 7, type: ['subscription'] });
  });

  it('answers field errors in the API form, one message list per parameter', () => {
    assert.deepEqual(parseErrors('status=active,paused'), { status: ['"paused" não é uma escolha válida.'] });
    assert.deepEqual(Object.keys(parseErrors('interval=abc')), ['interval']);
    assert.deepEqual(Object.keys(parseErrors('trial_days=1.5')), ['trial_days']);
    assert.deepEqual(Object.keys(parseErrors('default=yes')), ['default']);
    assert.deepEqual(Object.keys(parseErrors('price__lt=abc')), ['price__lt']);
    assert.deepEqual(Object.keys(parseErrors('createdAt=2025-03-01T10:00:00')), ['createdAt']);
    assert.deepEqual(Object.keys(parseErrors('ordering=units')), ['ordering']);
    assert.deepEqual(Object.keys(parseErrors('page=0')), ['page']);
    assert.deepEqual(Object.keys(parseErrors('limit=ten')), ['limit']);
    assert.deepEqual(Object.keys(parseErrors('id=,')), ['id']);
  });

  it('names every bad parameter at once, each with a list of strings', () => {
    const errors = parseErrors('page=0&type=recurring&updatedAt__gt=ontem&name=Plano');
    assert.deepEqual(Object.keys(errors).sort(), ['page', 'type', 'updatedAt__gt']);
    for (const messages of Object.values(errors)) {
      assert.ok(Array.isArray(messages) && messages.every((message) => typeof message === 'string'));
    }
  });
});

describe('offerFilterInstant', () => {
  it('reads a date as midnight in São Paulo', () => {
    assert.equal(offerFilterInstant('2025-03-01').toISOString(), '2025-03-01T03:00:00.000Z');
  });

  it('follows the São Paulo offset of that day, summer time included', () => {
    assert.equal(offerFilterInstant('2018-01-10').toISOString(), '2018-01-10T02:00:00.000Z');
    assert.equal(offerFilterInstant('2019-02-17').toISOString(), '2019-02-17T03:00:00.000Z');
  });

  it('starts a day whose midnight was skipped at the clock change', () => {
    assert.equal(offerFilterInstant('2018-11-04').toISOString(), '2018-11-04T03:00:00.000Z');
  });

  it('reads a date-time with its own offset', () => {
    assert.equal(offerFilterInstant('2025-03-01T10:00:00+05:30').toISOString(), '2025-03-01T04:30:00.000Z');
  });

  it('keeps a Date as it is', () => {
    const date = new Date(Date.UTC(2025, 0, 1));
    assert.equal(offerFilterInstant(date).getTime(), date.getTime());
  });
});

const products: Record<string, OfferSearchProduct> = {
  p1: { name: 'Curso de Python', short_id: 'PYX9' },
  p2: { name: 'Clube do Livro', short_id: 'LIV1' },
};
const productOf = (productId: string) => products[productId];

function matching(filters: OfferFilters, from: Offer[] = offers): string[] {
  return from.filter((offer) => matchesOfferFilters(offer, productOf, filters)).map((offer) => offer.id);
}

describe('matchesOfferFilters', () => {
  it('lets every offer through with no filters, pagination and ordering included', () => {
    assert.deepEqual(matching({ page: 9, limit: 1, ordering: '-price' }), ['OFa1', 'OFb2', 'OFc3']);
  });

  it('matches any of the ids', () => {
    assert.deepEqual(matching({ id: ['OFc3', 'OFa1', 'nope'] }), ['OFa1', 'OFc3']);
    assert.deepEqual(matching({ id: ['ofa1'] }), []);
  });

  it('matches part of the name regardless of case', () => {
    assert.deepEqual(matching({ name: 'plano' }), ['OFa1', 'OFc3']);
    assert.deepEqual(matching({ name: 'BÁSICO' }), ['OFa1']);
    assert.deepEqual(matching({ name: 'OFa1' }), []);
  });

  it('compares prices as numbers, with each operator', () => {
    assert.deepEqual(matching({ price: 97 }), ['OFa1']);
    assert.deepEqual(matching({ price: '49.90' }), ['OFb2']);
    assert.deepEqual(matching({ price__gt: 97 }), ['OFc3']);
    assert.deepEqual(matching({ price__gte: '97.00' }), ['OFa1', 'OFc3']);
    assert.deepEqual(matching({ price__lt: 97 }), ['OFb2']);
    assert.deepEqual(matching({ price__lte: 97 }), ['OFa1', 'OFb2']);
  });

  it('compares createdAt as instants, a date being midnight in São Paulo', () => {
    assert.deepEqual(matching({ createdAt: '2025-03-02' }), ['OFb2']);
    assert.deepEqual(matching({ createdAt: '2025-03-01T13:00:00Z' }), ['OFa1']);
    assert.deepEqual(matching({ createdAt__gt: '2025-03-01T13:00:00Z' }), ['OFb2']);
    assert.deepEqual(matching({ createdAt__gte: '2025-03-01' }), ['OFa1', 'OFb2']);
    assert.deepEqual(matching({ createdAt__lt: '2025-03-01T13:00:00+00:00' }), ['OFc3']);
    assert.deepEqual(matching({ createdAt__lte: new Date('2025-03-01T13:00:00Z') }), ['OFa1', 'OFc3']);
  });

  it('compares updatedAt as instants and never matches an offer without it', () => {
    assert.deepEqual(matching({ updatedAt: '2025-03-01T09:00:00-03:00' }), ['OFc3']);
    assert.deepEqual(matching({ updatedAt__gt: '2000-01-01' }), ['OFa1', 'OFc3']);
    assert.deepEqual(matching({ updatedAt__gte: '2025-03-05T13:00:00Z' }), ['OFa1']);
    assert.deepEqual(matching({ updatedAt__lt: '2025-03-02' }), ['OFc3']);
    assert.deepEqual(matching({ updatedAt__lte: '2100-01-01' }), ['OFa1', 'OFc3']);
  });

  it('matches any of the statuses and any of the types', () => {
    assert.deepEqual(matching({ status: ['disabled'] }), ['OFb2']);
    assert.deepEqual(matching({ status: ['active', 'disabled'] }), ['OFa1', 'OFb2', 'OFc3']);
    assert.deepEqual(matching({ type: ['subscription'] }), ['OFb2']);
    assert.deepEqual(matching({ type: ['unique'] }), ['OFa1', 'OFc3']);
  });

  it('matches intervalType and interval on unique offers only', () => {
    const strayed: Offer = { ...subscriptionOffer, id: 'OFd4', intervalType: 'month', interval: 1 };
    assert.deepEqual(matching({ intervalType: ['month'] }, [...offers, strayed]), ['OFa1']);
    assert.deepEqual(matching({ intervalType: ['month', 'year'] }), ['OFa1', 'OFc3']);
    assert.deepEqual(matching({ interval: 1 }, [...offers, strayed]), ['OFa1', 'OFc3']);
    assert.deepEqual(matching({ interval: 2 }), []);
  });

  it('matches the subscription filters on subscription offers only', () => {
    const strayed: Offer = { ...uniqueOffer, id: 'OFd4', recurrence_period: 30, quantity_recurrences: -1, trial_days: 7, max_retries: 3, retry_interval: 2 };
    for (const option of SUBSCRIPTION_ONLY_FILTERS) {
      assert.deepEqual(matching({ [option]: subscriptionOffer[option] }, [...offers, strayed]), ['OFb2'], option);
      assert.deepEqual(matching({ [option]: 99 }), [], option);
    }
  });

  it('matches nothing when unique-only and subscription-only filters meet', () => {
    assert.deepEqual(matching({ interval: 1, trial_days: 7 }), []);
  });

  it('matches any of the products', () => {
    assert.deepEqual(matching({ product: ['p2', 'p9'] }), ['OFb2']);
  });

  it('matches default true or false', () => {
    assert.deepEqual(matching({ default: true }), ['OFa1']);
    assert.deepEqual(matching({ default: false }), ['OFb2', 'OFc3']);
  });

  it('searches the offer name and id and the product name, short_id and id, regardless of case', () => {
    assert.deepEqual(matching({ search: 'mensal' }), ['OFb2']);
    assert.deepEqual(matching({ search: 'ofc' }), ['OFc3']);
    assert.deepEqual(matching({ search: 'python' }), ['OFa1', 'OFc3']);
    assert.deepEqual(matching({ search: 'liv1' }), ['OFb2']);
    assert.deepEqual(matching({ search: 'P2' }), ['OFb2']);
    assert.deepEqual(matching({ search: 'Plano Python' }), []);
  });

  it('searches the product id even when the product is unknown', () => {
    const orphan: Offer = { ...uniqueOffer, id: 'OFz9', name: 'Avulsa', product: 'prd_lost' };
    assert.deepEqual(matching({ search: 'lost' }, [orphan]), ['OFz9']);
    assert.deepEqual(matching({ search: 'python' }, [orphan]), []);
  });

  it('requires every filter to hold', () => {
    assert.deepEqual(matching({ status: ['active'], type: ['unique'], price__lt: 150 }), ['OFa1']);
    assert.deepEqual(matching({ status: ['active'], default: false, search: 'python' }), ['OFc3']);
    assert.deepEqual(matching({ name: 'plano', product: ['p2'] }), []);
  });
});

function ordered(ordering: OfferOrdering, from: Offer[]): string[] {
  return [...from].sort(compareOffers(ordering)).map((offer) => offer.id);
}

describe('compareOffers', () => {
  it('orders by id and product in code-unit order', () => {
    const a = { ...uniqueOffer, id: 'b', product: 'P2' };
    const b = { ...uniqueOffer, id: 'B', product: 'p1' };
    const c = { ...uniqueOffer, id: 'a', product: 'p0' };
    assert.deepEqual(ordered('id', [a, b, c]), ['B', 'a', 'b']);
    assert.deepEqual(ordered('-id', [a, b, c]), ['b', 'a', 'B']);
    assert.deepEqual(ordered('product', [a, b, c]), ['b', 'a', 'B']);
    assert.deepEqual(ordered('-product', [a, b, c]), ['B', 'a', 'b']);
  });

  it('orders names in pt-BR collation', () => {
    const names = ['beto', 'Álvaro', 'Ana'].map((name, index) => ({ ...uniqueOffer, id: String(index), name }));
    assert.deepEqual(ordered('name', names), ['1', '2', '0']);
    assert.deepEqual(ordered('-name', names), ['0', '2', '1']);
  });

  it('orders prices as numbers', () => {
    assert.deepEqual(ordered('price', offers), ['OFb2', 'OFa1', 'OFc3']);
    assert.deepEqual(ordered('-price', offers), ['OFc3', 'OFa1', 'OFb2']);
  });

  it('orders statuses alphabetically and false before true', () => {
    assert.deepEqual(ordered('status', [subscriptionOffer, uniqueOffer]), ['OFa1', 'OFb2']);
    assert.deepEqual(ordered('-status', [uniqueOffer, subscriptionOffer]), ['OFb2', 'OFa1']);
    assert.deepEqual(ordered('default', [uniqueOffer, subscriptionOffer]), ['OFb2', 'OFa1']);
    assert.deepEqual(ordered('-default', [subscriptionOffer, uniqueOffer]), ['OFa1', 'OFb2']);
  });

  it('orders dates as instants whatever their offset', () => {
    const early = { ...uniqueOffer, id: 'early', createdAt: '2025-03-01T12:00:00+05:00' };
    const late = { ...uniqueOffer, id: 'late', createdAt: '2025-03-01 05:00:00-03:00' };
    assert.deepEqual(ordered('createdAt', [late, early]), ['early', 'late']);
    assert.deepEqual(ordered('-createdAt', [early, late]), ['late', 'early']);
  });

  it('puts missing dates last ascending and first descending', () => {
    assert.deepEqual(ordered('updatedAt', offers), ['OFc3', 'OFa1', 'OFb2']);
    assert.deepEqual(ordered('-updatedAt', offers), ['OFb2', 'OFa1', 'OFc3']);
    assert.deepEqual(ordered('createdAt', [{ ...uniqueOffer, createdAt: undefined }, premiumOffer]), ['OFc3', 'OFa1']);
  });

  it('keeps the store order for ties', () => {
    const twin = { ...uniqueOffer, id: 'OFa0' };
    assert.deepEqual(ordered('price', [uniqueOffer, twin]), ['OFa1', 'OFa0']);
    assert.deepEqual(ordered('-price', [twin, uniqueOffer]), ['OFa0', 'OFa1']);
  });
});
