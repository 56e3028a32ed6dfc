/**
 * The QA panel's observation sections: the widget's events as they fire, and the webhook
 * deliveries the sandbox made to the relay.
 */
import { html } from 'lit';
import type { WebhookDelivery } from '../src/sandbox/world/world.js';
import { feedbackLine, type QaPanelView } from './qa-panel-view.js';
import { QA_STRINGS } from './qa-strings.js';

const text = QA_STRINGS;

function eventsSection(panel: QaPanelView) {
  return html`
    <section class="qa-section" aria-labelledby="qa-events-title">
      <h3 id="qa-events-title">${text.events.title}</h3>
      <p class="qa-hint">${text.events.hint}</p>
      <button type="button" id="qa-events-clear" class="qa-button" @click=${() => panel.clearEvents()}>${text.events.clear}</button>
      ${panel.events.length === 0 ? html`<p id="qa-event-log-empty">${text.events.empty}</p>` : ''}
      <ol id="qa-event-log" class="qa-event-log" aria-labelledby="qa-events-title">
        ${panel.events.map(
          (entry) => html`
            <li class="qa-event" data-event-type=${entry.type} data-serial=${entry.serial}>
              <p class="qa-event-head"><time>${entry.time}</time> <code class="qa-event-type">${entry.type}</code></p>
              <pre class="qa-event-detail">${entry.detail ?? text.events.noDetail}</pre>
            </li>
          `,
        )}
      </ol>
    </section>
  `;
}

function attemptsText(delivery: WebhookDelivery): string {
  const last = delivery.attempts.at(-1);
  return last ? `${delivery.attempts.length} · ${text.webhooks.lastStatus(last.status)}` : '0';
}

function webhooksSection(panel: QaPanelView) {
  // The sandbox lists deliveries in sending order; the newest is the one a tester waits for.
  const deliveries = [...panel.deliveries].reverse();
  return html`
    <section class="qa-section" aria-labelledby="qa-webhooks-title">
      <h3 id="qa-webhooks-title">${text.webhooks.title}</h3>
      <p class="qa-hint">
        ${text.webhooks.hint} ${panel.deliveriesUpdatedAt ? text.webhooks.updatedAt(panel.deliveriesUpdatedAt) : ''}
      </p>
      <button type="button" id="qa-webhooks-refresh" class="qa-button" @click=${() => panel.refreshDeliveries()}>${text.webhooks.refresh}</button>
      ${deliveries.length === 0
        ? html`<p id="qa-webhooks-empty">${text.webhooks.empty}</p>`
        : html`
            <div class="qa-table-scroll" role="region" aria-label=${text.webhooks.region} tabindex="0">
              <table id="qa-webhooks" class="qa-table">
                <thead>
                  <tr>
                    <th scope="col">${text.webhooks.event}</th>
                    <th scope="col">${text.webhooks.order}</th>
                    <th scope="col">${text.webhooks.attempts}</th>
                    <th scope="col">${text.webhooks.state}</th>
                  </tr>
                </thead>
                <tbody>
                  ${deliveries.map(
                    (delivery) => html`
                      <tr data-delivery-id=${delivery.id} data-event=${delivery.event} data-order-id=${delivery.orderId ?? ''} data-state=${delivery.state}>
                        <td><code class="qa-nowrap">${delivery.event}</code></td>
                        <td><code class="qa-order-id">${delivery.orderId ?? '—'}</code></td>
                        <td>${attemptsText(delivery)}</td>
                        <td>${text.webhooks.states[delivery.state] ?? delivery.state}</td>
                      </tr>
                    `,
                  )}
                </tbody>
              </table>
            </div>
          `}
      ${feedbackLine(panel, 'webhooks')}
    </section>
  `;
}

/** Events and webhook deliveries. */
export function observeViews(panel: QaPanelView) {
  // The deliveries' table stays short; the event log grows, so it comes last.
  return html`${webhooksSection(panel)}${eventsSection(panel)}`;
}
