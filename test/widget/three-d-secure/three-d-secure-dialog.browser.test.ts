import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/widget/three-d-secure/three-d-secure-dialog.js';
import { PayThreeDSecureCancelEvent } from '../../../src/widget/events/three-d-secure-cancel-event.js';
import type { PayThreeDSecureDialog } from '../../../src/widget/three-d-secure/three-d-secure-dialog.component.js';
import { nativeDialogOf, testEnv } from './sandbox-3ds.js';

const DEFAULT_VIEWPORT = { width: 800, height: 600 };

/** A dialog showing the sandbox's page for an unknown session: a real cross-origin page. */
async function shownDialog(locale?: string): Promise<PayThreeDSecureDialog> {
  const env = await testEnv();
  const url = `${env.sandboxUrl}/sandbox/3ds/challenge/unknown-session`;
  const el = await fixture<PayThreeDSecureDialog>(html`<pay-3ds-dialog challenge-url=${url} locale=${locale ?? 'pt-BR'}></pay-3ds-dialog>`);
  await el.show();
  await Promise.all(nativeDialogOf(el).getAnimations({ subtree: true }).map((animation) => animation.finished));
  return el;
}

function textOf(el: PayThreeDSecureDialog, selector: string): string | undefined {
  return el.shadowRoot!.querySelector(selector)?.textContent?.trim();
}

describe('<pay-3ds-dialog>', () => {
  afterEach(async () => {
    await setViewport(DEFAULT_VIEWPORT);
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible when open', async () => {
    const el = await shownDialog();
    await expect(el).to.be.accessible();
    el.close();
  });

  it('defaults: closed until shown, in pt-BR, named by its heading and described by its explanation', async () => {
    const env = await testEnv();
    const el = await fixture<PayThreeDSecureDialog>(html`<pay-3ds-dialog challenge-url=${`${env.sandboxUrl}/sandbox/3ds/challenge/x`}></pay-3ds-dialog>`);
    expect(el.locale).to.equal('pt-BR');
    expect(el.open).to.equal(false);
    const dialog = nativeDialogOf(el);
    expect(dialog.getAttribute('aria-labelledby')).to.equal('title');
    expect(dialog.getAttribute('aria-describedby')).to.equal('description');
    expect(textOf(el, '#title')).to.equal('Confirme a compra com o seu banco');
    expect(textOf(el, '#description')).to.equal('Seu banco pediu uma verificação de segurança. Siga as instruções abaixo.');
    expect(textOf(el, '[part="cancel-button"]')).to.equal('Cancelar verificação');

    await el.show();
    expect(el.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(el.shadowRoot!.activeElement?.id).to.equal('title');
    el.close();
  });

  it('needs no inline style: its styles are adopted stylesheets', async () => {
    const el = await shownDialog();
    expect(el.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(el.shadowRoot!.querySelectorAll('style, script, [style]').length).to.equal(0);
    el.close();
  });

  describe('when the locale changes', () => {
    it('renders es and en from the catalogue, and says so with lang', async () => {
      const es = await shownDialog('es-AR');
      expect(textOf(es, '#title')).to.equal('Confirma la compra con tu banco');
      expect(nativeDialogOf(es).lang).to.equal('es');
      es.close();
      const en = await shownDialog('en');
      expect(textOf(en, '[part="cancel-button"]')).to.equal('Cancel the check');
      expect(en.shadowRoot!.querySelector('iframe')!.title).to.equal('Your bank’s security check');
      en.close();
    });
  });

  describe('when the challenge URL is not a web page', () => {
    it('shows no frame for a javascript: URL', async () => {
      const el = await fixture<PayThreeDSecureDialog>(html`<pay-3ds-dialog challenge-url="javascript:alert(1)"></pay-3ds-dialog>`);
      expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
    });
  });

  describe('when the buyer closes it', () => {
    it('fires pay-3ds-cancel, bubbling out of shadow roots, on Escape', async () => {
      const el = await shownDialog();
      const canceled = oneEvent(document, PayThreeDSecureCancelEvent.type);
      await sendKeys({ press: 'Escape' });
      const event = await canceled;
      expect(event).to.be.instanceOf(PayThreeDSecureCancelEvent);
      expect(event.composed).to.equal(true);
      expect(el.open).to.equal(false);
    });

    it('fires pay-3ds-cancel from the cancel button', async () => {
      const el = await shownDialog();
      const canceled = oneEvent(el, PayThreeDSecureCancelEvent.type);
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="cancel-button"]')!.click();
      expect(await canceled).to.be.instanceOf(PayThreeDSecureCancelEvent);
      expect(el.open).to.equal(false);
    });

    it('fires nothing when its owner closes it', async () => {
      const el = await shownDialog();
      let cancels = 0;
      el.addEventListener(PayThreeDSecureCancelEvent.type, () => (cancels += 1));
      el.close();
      await oneEvent(nativeDialogOf(el), 'close');
      expect(el.open).to.equal(false);
      expect(cancels).to.equal(0);
    });
  });

  describe('when the screen is small', () => {
    it('takes the whole screen at 320 px, with nothing wider than it', async () => {
      await setViewport({ width: 320, height: 640 });
      const el = await shownDialog();
      const dialog = nativeDialogOf(el);
      const box = dialog.getBoundingClientRect();
      expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, 320, 640]);
      expect(dialog.scrollWidth).to.be.at.most(dialog.clientWidth);
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      const button = el.shadowRoot!.querySelector('[part="cancel-button"]')!.getBoundingClientRect();
      expect(button.height).to.be.at.least(44);
      await expect(el).to.be.accessible();
      el.close();
    });

    it('is a centred card on a wide screen', async () => {
      await setViewport({ width: 1024, height: 768 });
      const el = await shownDialog();
      const box = nativeDialogOf(el).getBoundingClientRect();
      expect(box.width).to.be.at.most(512);
      expect(Math.round(box.left + box.width / 2)).to.equal(512);
      el.close();
    });
  });

  describe('when the buyer asks for reduced motion', () => {
    it('opens without animation', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      const still = await shownDialog();
      expect(getComputedStyle(nativeDialogOf(still)).animationName).to.equal('none');
      still.close();

      await emulateMedia({ reducedMotion: 'no-preference' });
      const moving = await fixture<PayThreeDSecureDialog>(html`<pay-3ds-dialog></pay-3ds-dialog>`);
      await moving.show();
      expect(getComputedStyle(nativeDialogOf(moving)).animationName).to.equal('rise');
      moving.close();
    });
  });
});
