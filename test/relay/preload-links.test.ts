import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { widgetPreloadLinks } from '../../src/relay/index.js';

const MANIFEST = {
  modules: ['chunks/checkout-core-AbC123.js'],
  catalogues: { en: 'chunks/en-111.js', es: 'chunks/es-222.js', 'pt-BR': 'chunks/pt-BR-333.js' },
  inlineConfig: 'chunks/inline-config-444.js',
  card: { modules: ['chunks/card-fields-555.js', 'chunks/payment-666.js'], catalogues: { en: 'chunks/en.card-777.js', es: 'chunks/es.card-888.js', 'pt-BR': 'chunks/pt-BR.card-999.js' } },
};

const hrefs = (tags: string) => [...tags.matchAll(/<link rel="modulepreload" href="([^"]*)">/g)].map((match) => match[1]);

describe('widgetPreloadLinks', () => {
  it('preloads the core and the texts of the language the checkout resolves its locale to', () => {
    assert.deepEqual(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/pay-checkout/', locale: 'es-MX' })), ['/pay-checkout/chunks/checkout-core-AbC123.js', '/pay-checkout/chunks/es-222.js']);
    assert.deepEqual(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/pay-checkout/', locale: 'en_US' }))[1], '/pay-checkout/chunks/en-111.js');
    // No locale, or one the checkout does not speak: pt-BR, as the checkout falls back.
    assert.deepEqual(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/pay-checkout/' }))[1], '/pay-checkout/chunks/pt-BR-333.js');
    assert.deepEqual(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/pay-checkout/', locale: 'fr-FR' }))[1], '/pay-checkout/chunks/pt-BR-333.js');
  });

  it('adds the inline configuration\'s reader only for a page that carries the configuration', () => {
    assert.equal(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/w/' })).includes('/w/chunks/inline-config-444.js'), false);
    assert.equal(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/w/', inlineConfig: true })).at(-1), '/w/chunks/inline-config-444.js');
  });

  it('adds the card form\'s chunks and its texts in the checkout\'s language only when asked, after the form\'s own files', () => {
    assert.equal(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/w/', locale: 'es' })).some((href) => href?.includes('card')), false);
    assert.deepEqual(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/w/', locale: 'es', inlineConfig: true, cardForm: true })), [
      '/w/chunks/checkout-core-AbC123.js',
      '/w/chunks/es-222.js',
      '/w/chunks/inline-config-444.js',
      '/w/chunks/card-fields-555.js',
      '/w/chunks/payment-666.js',
      '/w/chunks/es.card-888.js',
    ]);
    assert.equal(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: '/w/', cardForm: true })).at(-1), '/w/chunks/pt-BR.card-999.js');
  });

  it('reads a manifest without the card form (an older build) for the rest, and says so when the card form is asked of it', () => {
    const { card: _card, ...older } = MANIFEST;
    assert.deepEqual(hrefs(widgetPreloadLinks(older, { widgetUrl: '/w/', locale: 'en' })), ['/w/chunks/checkout-core-AbC123.js', '/w/chunks/en-111.js']);
    assert.throws(() => widgetPreloadLinks(older, { widgetUrl: '/w/', cardForm: true }), /lists the card form/);
  });

  it('joins the widget\'s URL with or without its last slash, and writes it as an attribute value', () => {
    assert.equal(hrefs(widgetPreloadLinks(MANIFEST, { widgetUrl: 'https://cdn.example/pay-checkout/1.2.0' }))[0], 'https://cdn.example/pay-checkout/1.2.0/chunks/checkout-core-AbC123.js');
    const tags = widgetPreloadLinks(MANIFEST, { widgetUrl: '/a"><script>alert(1)</script>&/' });
    assert.equal(tags.includes('<script>'), false);
    assert.ok(tags.includes('href="/a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;/chunks/'), tags);
  });

  it('refuses what is not the build\'s manifest rather than print a part of it', () => {
    for (const manifest of [undefined, {}, { ...MANIFEST, modules: 'chunks/a.js' }, { ...MANIFEST, modules: ['../../etc/passwd.js'] }, { ...MANIFEST, modules: ['chunks/a.css'] }, { ...MANIFEST, catalogues: null }, { ...MANIFEST, inlineConfig: undefined }, { ...MANIFEST, card: null }, { ...MANIFEST, card: { modules: ['../x.js'], catalogues: {} } }, { ...MANIFEST, card: { modules: [] } }]) {
      assert.throws(() => widgetPreloadLinks(manifest, { widgetUrl: '/w/' }), /pay-checkout\.preload\.json/, JSON.stringify(manifest));
    }
  });
});
