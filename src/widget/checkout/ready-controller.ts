/**
 * What the checkout tells the page once its form is on screen (`pay-ready`), and what it tells
 * the page's developer about a setup that leaves the buyer with less than the offer takes: the
 * development builds' warnings (checkout-warnings.ts), and in production one short console line
 * per checkout, for a relay it cannot load from or a method it leaves out (docs/widget.md,
 * "Console"). Both are checked after each render, once the form they speak of is drawn.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChargeMethod } from '../../contract/payment-method-lists.js';
import { DEV_MODE } from '../dev-mode.js';
import { PayReadyEvent } from '../events/ready-event.js';
import { offeredMethods, parseMethodList } from './checkout-offer.js';
import { warnAboutLeftOutMethods, warnAboutLoadFailure, warnAboutSettings, type CardProviders, type CheckoutSettings } from './checkout-warnings.js';
import type { ConfigController } from './config-controller.js';

/** The element the controller speaks for: its settings are what the warnings are about. */
export type ReadyHost = ReactiveControllerHost & EventTarget & CheckoutSettings & { methods: string };

/** What the controller reads from the checkout. */
export interface ReadyView {
  /** The configuration's load. */
  config(): ConfigController;
  /** The methods on screen. */
  offeredMethods(): ChargeMethod[];
  /**
   * Undefined while the form is not drawn (its texts or the configuration on their way, an order
   * being looked up); else settles once the form's own elements have drawn what it gave them.
   */
  drawnForm(): Promise<unknown> | undefined;
  /** The providers the card methods need, the page's or the configuration's. */
  providers(): CardProviders;
}

export class ReadyController implements ReactiveController {
  private readonly host: ReadyHost;
  private readonly view: ReadyView;
  /** A configuration came whose `pay-ready` is still to fire. */
  private pending = false;
  /** The production build's one console line was written. */
  private noted = false;

  constructor(host: ReadyHost, view: ReadyView) {
    this.host = host;
    this.view = view;
    host.addController(this);
  }

  /**
   * A configuration came: `pay-ready` fires once the form it draws is on screen, which may be
   * later (its texts still on their way, an order kept from an earlier visit being looked up).
   */
  configReady(): void {
    this.pending = true;
  }

  hostUpdated(): void {
    const { host } = this;
    const load = this.view.config();
    if (DEV_MODE) {
      warnAboutSettings(host);
      warnAboutLoadFailure(host, load.error);
    } else if (load.error) {
      // Production builds keep one short line for the setups that leave a buyer with less to pay
      // with than the offer takes, so the page's developer knows where to look (docs/widget.md, "Console").
      this.note(`relay ${host.relay} ${(load.error as { status?: number }).status ?? 'unreachable'}`);
    }
    const { config } = load;
    const drawn = this.pending ? this.view.drawnForm() : undefined;
    // A drawn form has its configuration.
    if (!drawn || !config) return;
    this.pending = false;
    // `pay-ready` once the method choice and the buyer's fields have drawn too, in their own updates
    // after this one, so a listener that looks at the form finds them; with the methods on screen,
    // and what the setup leaves out of them.
    const fire = () => {
      const shown = this.view.offeredMethods();
      if (DEV_MODE) warnAboutLeftOutMethods(host, config, this.view.providers());
      else {
        const left = offeredMethods(config, parseMethodList(host.methods), () => true).filter((method) => !shown.includes(method));
        if (left.length) this.note(`${left} left out: no provider`);
      }
      host.dispatchEvent(new PayReadyEvent({ offer: config.offer, currency: config.product.currency, methods: shown }));
    };
    void drawn.then(fire, fire);
  }

  /** Writes the production build's one console line about this checkout, once. */
  private note(why: string): void {
    if (this.noted) return;
    this.noted = true;
    console.warn(`pay-checkout: ${why}, see docs/widget.md#console`);
  }
}
