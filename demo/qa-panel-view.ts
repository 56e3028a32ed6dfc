/**
 * What the QA panel's sections (qa-checkout-views.ts, qa-sandbox-views.ts, qa-observe-views.ts)
 * see of the panel: its state, the actions their controls call, and the status line each
 * section reports in. The panel (qa-panel.ts) implements it and renders the sections, so the
 * sections depend on this description of it, never on the panel's module.
 */
import { html } from 'lit';
import type { FaultRule, WebhookDelivery } from '../src/sandbox/world/world.js';
import type { CheckoutOrder } from '../src/widget/index.js';
import type { DemoSettings } from './demo-settings.js';
import type { FaultPresetId } from './fault-presets.js';
import type { AccountStateRequest } from './sandbox-controls.js';

/** One event of the widget as the log shows it. */
export interface LoggedEvent {
  readonly serial: number;
  /** Local time, `HH:MM:SS.mmm`. */
  readonly time: string;
  readonly type: string;
  /** `detail` as indented JSON, or undefined when the event has none. */
  readonly detail: string | undefined;
}

/** The panel's areas that report the outcome of an action. */
export type FeedbackArea = 'checkout' | 'order' | 'buyer' | 'cards' | 'account' | 'faults' | 'clock' | 'webhooks';

/** The panel as its sections use it: what they show, the fields they edit, the actions they start. */
export interface QaPanelView extends Pick<HTMLElement, 'querySelector'> {
  readonly settings: DemoSettings;
  readonly order: CheckoutOrder | undefined;
  orderId: string;
  account: AccountStateRequest;
  faultCount: number;
  readonly faults: readonly FaultRule[];
  readonly clockNow: string | undefined;
  clockSeconds: number;
  readonly events: readonly LoggedEvent[];
  readonly deliveries: readonly WebhookDelivery[];
  readonly deliveriesUpdatedAt: string | undefined;
  readonly feedback: Partial<Record<FeedbackArea, string>>;
  /** Where the relay is mounted, as the checkout's `relay` attribute says it. */
  readonly relay: string;
  changeSettings(change: Partial<DemoSettings>): void;
  newCheckout(): void;
  prefillBuyer(): void;
  payOrder(): Promise<void>;
  applyAccount(): Promise<void>;
  injectFault(id: FaultPresetId): Promise<void>;
  clearFaults(): Promise<void>;
  advanceClock(): Promise<void>;
  resetSandbox(): Promise<void>;
  copyCard(number: string, cell: HTMLElement | null): Promise<void>;
  clearEvents(): void;
  refreshDeliveries(): Promise<void>;
}

/** A polite status line under a section, where its actions report. Always in the DOM, so screen readers hear changes. */
export function feedbackLine(panel: QaPanelView, area: FeedbackArea) {
  return html`<p id="qa-${area}-feedback" class="qa-feedback" role="status">${panel.feedback[area] ?? ''}</p>`;
}
