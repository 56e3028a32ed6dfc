/**
 * The QA panel's sandbox sections: the producer account's state, injected API faults, and the
 * sandbox's clock and reset.
 */
import { html } from 'lit';
import type { BankingAccountState } from '../src/sandbox/world/state.js';
import type { FaultRule } from '../src/sandbox/world/world.js';
import { FAULT_PRESET_IDS } from './fault-presets.js';
import { feedbackLine, type QaPanelView } from './qa-panel-view.js';
import { BANKING_ACCOUNT_LABELS, FAULT_LABELS, QA_STRINGS, sandboxTime } from './qa-strings.js';

const text = QA_STRINGS;
const BANKING_ACCOUNT_STATES = Object.keys(BANKING_ACCOUNT_LABELS) as BankingAccountState[];

function accountSection(panel: QaPanelView) {
  const { account } = panel;
  const change = (patch: Partial<typeof account>) => (panel.account = { ...account, ...patch });
  return html`
    <section class="qa-section" aria-labelledby="qa-account-title">
      <h3 id="qa-account-title">${text.account.title}</h3>
      <p class="qa-hint">${text.account.hint}</p>
      <div class="qa-field">
        <label for="qa-banking-account">${text.account.bankingAccount}</label>
        <select
          id="qa-banking-account"
          aria-describedby="qa-banking-account-hint"
          @change=${(event: Event) => change({ bankingAccount: (event.target as HTMLSelectElement).value as BankingAccountState })}
        >
          ${BANKING_ACCOUNT_STATES.map(
            (state) => html`<option value=${state} ?selected=${state === account.bankingAccount}>${BANKING_ACCOUNT_LABELS[state]}</option>`,
          )}
        </select>
        <p id="qa-banking-account-hint" class="qa-hint">${text.account.bankingHint}</p>
      </div>
      <div class="qa-check">
        <input
          type="checkbox"
          id="qa-account-blocked"
          .checked=${account.blocked}
          @change=${(event: Event) => change({ blocked: (event.target as HTMLInputElement).checked })}
        />
        <label for="qa-account-blocked">${text.account.blocked}</label>
      </div>
      <div class="qa-check">
        <input
          type="checkbox"
          id="qa-receiving-pending"
          .checked=${account.receivingRegistration === 'pending'}
          @change=${(event: Event) => change({ receivingRegistration: (event.target as HTMLInputElement).checked ? 'pending' : 'done' })}
        />
        <label for="qa-receiving-pending">${text.account.receivingPending}</label>
      </div>
      <button type="button" id="qa-apply-account" class="qa-button" @click=${() => panel.applyAccount()}>${text.account.apply}</button>
      ${feedbackLine(panel, 'account')}
    </section>
  `;
}

function faultDescription(rule: FaultRule): string {
  const what = [
    rule.method ?? '*',
    rule.path,
    `phase ${rule.phase}`,
    rule.status === undefined ? '' : `HTTP ${rule.status}`,
    rule.body === undefined ? '' : `body ${rule.body}`,
    rule.retryAfter === undefined ? '' : `Retry-After ${rule.retryAfter}`,
    rule.delayMs === undefined ? '' : `${rule.delayMs} ms`,
    rule.drop ? 'drop' : '',
  ];
  return `${what.filter((part) => part !== '').join(' · ')} (${text.faults.remaining(rule.remaining)})`;
}

function faultsSection(panel: QaPanelView) {
  return html`
    <section class="qa-section" aria-labelledby="qa-faults-title">
      <h3 id="qa-faults-title">${text.faults.title}</h3>
      <p id="qa-faults-hint" class="qa-hint">${text.faults.hint}</p>
      <div class="qa-field">
        <label for="qa-fault-count">${text.faults.count}</label>
        <input
          id="qa-fault-count"
          class="qa-number"
          type="number"
          inputmode="numeric"
          min="1"
          max="10"
          .value=${String(panel.faultCount)}
          @change=${(event: Event) => (panel.faultCount = Math.min(10, Math.max(1, Math.trunc(Number((event.target as HTMLInputElement).value)) || 1)))}
        />
      </div>
      <div class="qa-actions" role="group" aria-labelledby="qa-faults-title">
        ${FAULT_PRESET_IDS.map(
          (id) => html`<button type="button" id="qa-fault-${id}" class="qa-button" @click=${() => panel.injectFault(id)}>${FAULT_LABELS[id]}</button>`,
        )}
        <button type="button" id="qa-faults-clear" class="qa-button" @click=${() => panel.clearFaults()}>${text.faults.clear}</button>
      </div>
      <h4 id="qa-faults-active-title">${text.faults.active}</h4>
      <ul id="qa-faults-active" class="qa-list" aria-labelledby="qa-faults-active-title">
        ${panel.faults.length === 0
          ? html`<li>${text.faults.none}</li>`
          : panel.faults.map((rule) => html`<li><code class="qa-code">${faultDescription(rule)}</code></li>`)}
      </ul>
      ${feedbackLine(panel, 'faults')}
    </section>
  `;
}

function clockSection(panel: QaPanelView) {
  return html`
    <section class="qa-section" aria-labelledby="qa-clock-title">
      <h3 id="qa-clock-title">${text.clock.title}</h3>
      <p>${text.clock.now}: <output id="qa-clock-now" data-now=${panel.clockNow ?? ''}>${panel.clockNow ? sandboxTime(panel.clockNow) : text.clock.unknown}</output></p>
      <div class="qa-field">
        <label for="qa-clock-seconds">${text.clock.seconds}</label>
        <input
          id="qa-clock-seconds"
          class="qa-number"
          type="number"
          inputmode="numeric"
          min="0"
          aria-describedby="qa-clock-hint"
          .value=${String(panel.clockSeconds)}
          @change=${(event: Event) => (panel.clockSeconds = Math.max(0, Math.trunc(Number((event.target as HTMLInputElement).value)) || 0))}
        />
        <p id="qa-clock-hint" class="qa-hint">${text.clock.hint}</p>
      </div>
      <div class="qa-actions">
        <button type="button" id="qa-clock-advance" class="qa-button" @click=${() => panel.advanceClock()}>${text.clock.advance}</button>
        <button type="button" id="qa-reset-sandbox" class="qa-button qa-button-danger" @click=${() => panel.resetSandbox()}>${text.clock.reset}</button>
      </div>
      ${feedbackLine(panel, 'clock')}
    </section>
  `;
}

/** Account, faults, clock and reset. */
export function sandboxViews(panel: QaPanelView) {
  return html`${accountSection(panel)}${faultsSection(panel)}${clockSection(panel)}`;
}
