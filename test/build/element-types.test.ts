/**
 * The tags' types that `npm run build` writes to dist/jsx/ from custom-elements.json: made here
 * from a fresh manifest (the analyser, as the build runs it) into a fresh npm build of the
 * package, where they import its declarations as they do once published. A shop's project with
 * the package installed then names them in `compilerOptions.types`, as docs/widget.md says, and
 * a TSX file and a Vue component's props are compiled against them with tsc, including uses that
 * must be refused.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { elementsOf, reactDeclarations, vueDeclarations, type ElementTypeInfo } from '../../scripts/element-types.js';
import { PAY_CHECKOUT_ATTRIBUTES, PAY_CHECKOUT_EVENTS, PAY_CHECKOUT_PROPERTIES } from '../../src/react/index.js';
import { buildPackageCopy, type BuiltPackage } from './npm-build.js';
import { ROOT } from './package-layout.js';

const run = promisify(execFile);

const TSX_USE = `import type { PayCheckout } from 'pay-checkout';

let element: PayCheckout | null = null;
export const page = (
  <pay-checkout
    ref={(checkout) => { element = checkout; }}
    relay="/checkout"
    offer="77BcHrY"
    ask-birth-date
    customer={{ name: 'Maria Silva', email: 'maria.silva@example.com' }}
    metadata={{ utm_source: 'news' }}
    onpay-paid={(event) => { const id: string = event.detail.order.id; void id; void element; }}
    onpay-failed={(event) => { const reason: string = event.detail.reason; void reason; }}
  />
);
// @ts-expect-error relay is text
export const wrongRelay = <pay-checkout relay={1} />;
// @ts-expect-error customer.name is text
export const wrongCustomer = <pay-checkout customer={{ name: 1 }} />;
// @ts-expect-error pay-paid's listener gets a PayPaidEvent, not a keyboard event
export const wrongListener = <pay-checkout onpay-paid={(event: KeyboardEvent) => void event.key} />;
export const price = <pay-price />;
`;

const VUE_USE = `import { defineComponent, h, type GlobalComponents } from 'vue';

type CheckoutProps = InstanceType<GlobalComponents['pay-checkout']>['$props'];

/** What a template's <pay-checkout :customer="…" @pay-paid="…"> is checked against. */
export const props: CheckoutProps = {
  relay: '/checkout',
  offer: '77BcHrY',
  askBirthDate: true,
  customer: { name: 'Maria Silva' },
  onPayPaid: (event) => { const id: string = event.detail.order.id; void id; },
};
// @ts-expect-error relay is text
export const wrongRelay: CheckoutProps = { relay: 1 };
// @ts-expect-error pay-paid's listener gets a PayPaidEvent
export const wrongListener: CheckoutProps = { onPayPaid: (event: KeyboardEvent) => void event.key };

export const Shop = defineComponent({
  setup() {
    return () => h('pay-checkout', { ...props, '.customer': props.customer });
  },
});
`;

describe('the tags\' types generated from custom-elements.json (dist/jsx/)', { timeout: 180_000 }, () => {
  let dir: string;
  let built: BuiltPackage;
  let elements: ElementTypeInfo[];

  before(async () => {
    // The analyser reads the repository's sources, as the build runs it there.
    dir = mkdtempSync(join(ROOT, '.element-types-'));
    [built] = await Promise.all([
      buildPackageCopy(),
      run(process.execPath, [join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--outdir', basename(dir)], { cwd: ROOT }),
    ]);
    elements = elementsOf(JSON.parse(readFileSync(join(dir, 'custom-elements.json'), 'utf8')));
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    built?.remove();
  });

  it('describe <pay-checkout> with the properties and events of its manifest entry', () => {
    const checkout = elements.find((element) => element.tagName === 'pay-checkout');
    assert.ok(checkout);
    assert.equal(checkout.className, 'PayCheckout');
    assert.deepEqual(
      checkout.properties.map(({ name, attribute }) => `${name}${attribute ? `=${attribute}` : ''}`),
      ['relay=relay', 'offer=offer', 'locale=locale', 'methods=methods', 'askBirthDate=ask-birth-date', 'paidMessage=paid-message', 'inlineConfig=inline-config', 'customer', 'metadata', 'cardTokenizer', 'antifraudProfiler', 'threeDSecureProvider'],
    );
    assert.deepEqual(checkout.events, ['pay-ready', 'pay-method-change', 'pay-before-submit', 'pay-order-created', 'pay-paid', 'pay-failed', 'pay-status-change', 'pay-antifraud-fallback', 'pay-result-action']);
  });

  // pay-checkout/react maps the same properties and events: an element that gains one must gain its prop.
  it('are the properties and events <PayCheckout> of pay-checkout/react maps', () => {
    const checkout = elements.find((element) => element.tagName === 'pay-checkout');
    assert.ok(checkout);
    assert.deepEqual(Object.values(PAY_CHECKOUT_EVENTS), checkout.events);
    assert.deepEqual([...PAY_CHECKOUT_PROPERTIES], checkout.properties.filter((property) => property.attribute === undefined).map((property) => property.name));
    // Each property with an attribute is a prop rendered as that attribute (the server's HTML carries it).
    assert.deepEqual(
      PAY_CHECKOUT_ATTRIBUTES,
      Object.fromEntries(checkout.properties.flatMap(({ name, attribute }) => (attribute ? [[name, attribute]] : []))),
    );
  });

  it('compile a TSX page and a Vue component against React.JSX.IntrinsicElements and GlobalComponents, refusing wrong uses', async () => {
    // What `npm run build` writes (scripts/build.js), beside the package's declarations.
    mkdirSync(join(built.dir, 'dist/jsx'), { recursive: true });
    writeFileSync(join(built.dir, 'dist/jsx/react.d.ts'), reactDeclarations(elements, '../widget/index.js'));
    writeFileSync(join(built.dir, 'dist/jsx/vue.d.ts'), vueDeclarations(elements, '../widget/index.js'));
    // A shop's project: the package installed, React's and Vue's types beside it.
    const shop = join(built.dir, 'shop');
    mkdirSync(join(shop, 'node_modules'), { recursive: true });
    symlinkSync(built.dir, join(shop, 'node_modules/pay-checkout'), 'dir');
    for (const name of ['@types', 'react', 'vue']) symlinkSync(join(ROOT, 'node_modules', name), join(shop, 'node_modules', name), 'dir');
    writeFileSync(join(shop, 'page.tsx'), TSX_USE);
    writeFileSync(join(shop, 'shop.ts'), VUE_USE);
    writeFileSync(
      join(shop, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2024', 'DOM', 'DOM.Iterable'],
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          // As docs/widget.md tells a shop to.
          types: ['node', 'pay-checkout/jsx/react', 'pay-checkout/jsx/vue'],
        },
        files: ['page.tsx', 'shop.ts'],
      }),
    );
    const result = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', shop], { cwd: shop }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    assert.equal(result, '');
  });
});
