/**
 * The demo's QA panel: sets up the checkout (offer, methods, locale, theme) and the sandbox
 * (account state, faults, clock, reset), pays the current order, and shows what happened (the
 * widget's events, the webhook deliveries). It renders into the page (light DOM), so the page's
 * stylesheet styles it and tests reach its controls by their ids (docs/demo.md, "Test hooks").
 */
import { LitElement, html } from 'lit';
import { state } from 'lit/decorators.js';
import type { FaultRule, WebhookDelivery } from '../src/sandbox/world/world.js';
import type { CheckoutOrder } from '../src/widget/index.js';
import { CheckoutMount } from './checkout-mount.js';
import { DEFAULT_SETTINGS, urlWithSettings, type DemoSettings } from './demo-settings.js';
import { faultPresetRule, type FaultPresetId } from './fault-presets.js';
import { checkoutViews } from './qa-checkout-views.js';
import type { FeedbackArea, LoggedEvent, QaPanelView } from './qa-panel-view.js';
import { observeViews } from './qa-observe-views.js';
import { sandboxViews } from './qa-sandbox-views.js';
import { FAULT_LABELS, QA_STRINGS } from './qa-strings.js';
import { sandboxControls, SandboxControlError, type AccountStateRequest } from './sandbox-controls.js';
import { TEST_BUYER } from './test-buyer.js';

const DEFAULT_ACCOUNT: AccountStateRequest = Object.freeze({ bankingAccount: 'opened', blocked: false, receivingRegistration: 'done' });
/** How often the deliveries and the faults' remaining counts are read again. */
const REFRESH_MS = 3000;
const MAX_LOGGED_EVENTS = 200;

function clockTime(date: Date): string {
  return date.toLocaleTimeString('pt-BR', { hour12: false }) + `.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

function orderOf(event: Event): CheckoutOrder | undefined {
  const detail = (event as Event & { detail?: { order?: CheckoutOrder } }).detail;
  return detail?.order ?? undefined;
}

function failureText(what: string, error: unknown): string {
  const reason = error instanceof SandboxControlError && error.message !== 'network' ? error.message : QA_STRINGS.unreachable;
  return QA_STRINGS.requestFailed(what, reason);
}

/**
 * @summary The QA panel of the demo page (pt-BR).
 */
export class DemoQaPanel extends LitElement implements QaPanelView {
  @state() settings: DemoSettings = DEFAULT_SETTINGS;
  @state() order: CheckoutOrder | undefined;
  @state() orderId = '';
  @state() account: AccountStateRequest = DEFAULT_ACCOUNT;
  @state() faultCount = 1;
  @state() faults: FaultRule[] = [];
  @state() clockNow: string | undefined;
  @state() clockSeconds = 3600;
  @state() events: LoggedEvent[] = [];
  @state() deliveries: WebhookDelivery[] = [];
  @state() deliveriesUpdatedAt: string | undefined;
  @state() feedback: Partial<Record<FeedbackArea, string>> = {};

  /** Where the relay is mounted, as the checkout's `relay` attribute says it. */
  relay = '';
  private mount: CheckoutMount | undefined;
  private eventSerial = 0;
  private refreshTimer: ReturnType<typeof setInterval> | undefined;

  /** Takes charge of the page's checkout: shows it with these settings and logs its events. */
  attach(slot: HTMLElement, relay: string, settings: DemoSettings): void {
    this.relay = relay;
    this.mount = new CheckoutMount(slot, relay, (event) => this.recordEvent(event));
    this.settings = settings;
    this.applyTheme();
    this.mount.show(settings);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refreshDeliveries();
    void this.refreshFaults();
    void this.refreshClock();
    this.refreshTimer = setInterval(() => {
      void this.refreshDeliveries();
      void this.refreshFaults();
    }, REFRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.refreshTimer);
  }

  /** Light DOM: the page's stylesheet applies, and the controls' ids are the page's. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Logs an event of the checkout and follows the order it carries. */
  recordEvent(event: Event): void {
    const detail = (event as Event & { detail?: unknown }).detail;
    this.eventSerial += 1;
    const entry: LoggedEvent = {
      serial: this.eventSerial,
      time: clockTime(new Date()),
      type: event.type,
      detail: detail === undefined || detail === null ? undefined : JSON.stringify(detail, null, 2),
    };
    this.events = [entry, ...this.events].slice(0, MAX_LOGGED_EVENTS);
    const order = orderOf(event);
    if (order) {
      this.order = order;
      this.orderId = order.id;
    }
  }

  /** Applies a choice of the panel: the URL keeps it; offer, methods or locale replace the checkout. */
  changeSettings(change: Partial<DemoSettings>): void {
    const previous = this.settings;
    this.settings = { ...previous, ...change };
    history.replaceState(null, '', urlWithSettings(new URL(location.href), this.settings));
    this.applyTheme();
    const { offer, methods, locale } = this.settings;
    if (offer !== previous.offer || methods.join() !== previous.methods.join() || locale !== previous.locale) {
      this.mount?.show(this.settings);
      this.say('checkout', QA_STRINGS.checkout.applied);
    }
  }

  /** A new checkout element with nothing to resume: the widget keeps its order in progress in sessionStorage. */
  newCheckout(): void {
    sessionStorage.clear();
    this.order = undefined;
    this.orderId = '';
    this.mount?.show(this.settings);
    this.say('checkout', QA_STRINGS.checkout.reloaded);
  }

  /** Fills the checkout's fields through its documented `customer` property. */
  prefillBuyer(): void {
    const checkout = this.mount?.element;
    if (!checkout) return;
    checkout.customer = { ...TEST_BUYER };
    this.say('buyer', QA_STRINGS.buyer.prefilled);
  }

  /** Pays the order in the id field through the sandbox's control, as if the buyer paid the Pix or boleto. */
  async payOrder(): Promise<void> {
    const id = this.orderId.trim();
    if (id === '') return this.say('order', QA_STRINGS.order.missingId);
    await this.run('order', QA_STRINGS.order.pay, async () => {
      await sandboxControls.payOrder(id);
      return QA_STRINGS.order.paid(id);
    });
  }

  async applyAccount(): Promise<void> {
    await this.run('account', QA_STRINGS.account.apply, async () => {
      await sandboxControls.setAccount(this.account);
      return QA_STRINGS.account.applied;
    });
  }

  async injectFault(id: FaultPresetId): Promise<void> {
    await this.run('faults', FAULT_LABELS[id], async () => {
      this.faults = (await sandboxControls.setFaults([faultPresetRule(id, this.faultCount)])).rules;
      return QA_STRINGS.faults.applied(FAULT_LABELS[id]);
    });
  }

  async clearFaults(): Promise<void> {
    await this.run('faults', QA_STRINGS.faults.clear, async () => {
      this.faults = (await sandboxControls.clearFaults()).rules;
      return QA_STRINGS.faults.cleared;
    });
  }

  async advanceClock(): Promise<void> {
    await this.run('clock', QA_STRINGS.clock.advance, async () => {
      const { now } = await sandboxControls.advanceClock(this.clockSeconds);
      this.clockNow = now;
      void this.refreshDeliveries();
      return QA_STRINGS.clock.advanced(now);
    });
  }

  async resetSandbox(): Promise<void> {
    await this.run('clock', QA_STRINGS.clock.reset, async () => {
      await sandboxControls.reset();
      this.account = DEFAULT_ACCOUNT;
      this.faults = [];
      this.deliveries = [];
      this.newCheckout();
      void this.refreshClock();
      return QA_STRINGS.clock.resetDone;
    });
  }

  async copyCard(number: string, cell: HTMLElement | null): Promise<void> {
    try {
      await navigator.clipboard.writeText(number);
      this.say('cards', QA_STRINGS.cards.copied(number));
    } catch {
      // No clipboard (permission refused, insecure context): select it for Ctrl+C.
      if (cell) window.getSelection()?.selectAllChildren(cell);
      this.say('cards', QA_STRINGS.cards.copyFallback(number));
    }
  }

  clearEvents(): void {
    this.events = [];
  }

  async refreshDeliveries(): Promise<void> {
    try {
      this.deliveries = (await sandboxControls.deliveries()).results;
      this.deliveriesUpdatedAt = clockTime(new Date());
      if (this.feedback.webhooks) this.say('webhooks', '');
    } catch (error) {
      this.say('webhooks', failureText(QA_STRINGS.webhooks.refresh, error));
    }
  }

  private async refreshFaults(): Promise<void> {
    try {
      this.faults = (await sandboxControls.listFaults()).rules;
    } catch (error) {
      this.say('faults', failureText(QA_STRINGS.faults.active, error));
    }
  }

  private async refreshClock(): Promise<void> {
    try {
      this.clockNow = (await sandboxControls.clock()).now;
    } catch (error) {
      this.say('clock', failureText(QA_STRINGS.clock.now, error));
    }
  }

  private applyTheme(): void {
    document.documentElement.classList.toggle('theme-dark', this.settings.theme === 'dark');
  }

  private say(area: FeedbackArea, message: string): void {
    this.feedback = { ...this.feedback, [area]: message };
  }

  /** Runs a control, then reports its outcome (or its failure) in the area's status line. */
  private async run(area: FeedbackArea, what: string, action: () => Promise<string>): Promise<void> {
    this.say(area, QA_STRINGS.working);
    try {
      this.say(area, await action());
    } catch (error) {
      this.say(area, failureText(what, error));
    }
  }

  override render() {
    return html`
      <h2 id="qa-title">${QA_STRINGS.title}</h2>
      <p class="qa-intro">${QA_STRINGS.intro}</p>
      ${checkoutViews(this)}${sandboxViews(this)}${observeViews(this)}
    `;
  }
}

if (!customElements.get('demo-qa-panel')) customElements.define('demo-qa-panel', DemoQaPanel);

declare global {
  interface HTMLElementTagNameMap {
    'demo-qa-panel': DemoQaPanel;
  }
}
