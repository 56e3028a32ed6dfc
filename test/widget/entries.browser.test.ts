import { expect } from '@open-wc/testing';

const TAGS = ['pay-checkout', 'pay-method-picker', 'pay-customer-fields', 'pay-card-fields', 'pay-3ds-dialog', 'pay-price'];

// The widget has one side-effect entry (define) and one that only exports classes (index),
// so a shop can register the elements itself, under its own rules.
describe('the widget\'s entries', () => {
  it('index exports the classes and registers nothing', async () => {
    const widget = await import('../../src/widget/index.js');
    expect(typeof widget.PayCheckout).to.equal('function');
    expect(typeof widget.createSandboxThreeDSecureProvider).to.equal('function');
    expect(TAGS.filter((tag) => customElements.get(tag) !== undefined)).to.deep.equal([]);
  });

  it('define registers every element', async () => {
    await import('../../src/widget/define.js');
    expect(TAGS.filter((tag) => customElements.get(tag) === undefined)).to.deep.equal([]);
  });

  it('hides every element the page marks hidden, whatever its own display', async () => {
    await import('../../src/widget/define.js');
    const tags = [...TAGS, 'pay-address-fields', 'pay-pix-result', 'pay-boleto-result', 'pay-card-result'];
    const shown = await Promise.all(
      tags.map(async (tag) => {
        const element = document.createElement(tag) as HTMLElement & { updateComplete?: Promise<unknown> };
        element.hidden = true;
        document.body.append(element);
        await element.updateComplete;
        const visible = element.checkVisibility();
        element.remove();
        return [tag, visible] as const;
      }),
    );
    expect(shown.filter(([, visible]) => visible)).to.deep.equal([]);
  });
});
