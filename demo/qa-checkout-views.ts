/**
 * The QA panel's checkout sections: what the checkout shows (offer, methods, locale, theme),
 * the order in progress, and the test cards to type into it.
 */
import { html } from 'lit';
import { TEST_CARDS } from '../src/contract/card-tokens.js';
import { CHARGE_METHODS, type ChargeMethod } from '../src/contract/payment-methods.js';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../src/widget/i18n/locales.js';
import { checkoutMarkup } from './checkout-mount.js';
import { DEMO_OFFERS, DEMO_THEMES, type DemoOffer } from './demo-settings.js';
import { feedbackLine, type QaPanelView } from './qa-panel-view.js';
import { CARD_OUTCOME_LABELS, LOCALE_LABELS, METHOD_LABELS, OFFER_LABELS, QA_STRINGS, THEME_LABELS } from './qa-strings.js';

const text = QA_STRINGS;

function selectedMethods(form: HTMLElement): ChargeMethod[] {
  return CHARGE_METHODS.filter((method) => form.querySelector<HTMLInputElement>(`#qa-method-${method}`)?.checked);
}

function checkoutSection(panel: QaPanelView) {
  const { settings } = panel;
  return html`
    <section class="qa-section" aria-labelledby="qa-checkout-title">
      <h3 id="qa-checkout-title">${text.checkout.title}</h3>
      <div class="qa-field">
        <label for="qa-offer">${text.checkout.offer}</label>
        <select
          id="qa-offer"
          aria-describedby="qa-offer-hint"
          @change=${(event: Event) => panel.changeSettings({ offer: (event.target as HTMLSelectElement).value as DemoOffer })}
        >
          ${DEMO_OFFERS.map((offer) => html`<option value=${offer} ?selected=${offer === settings.offer}>${OFFER_LABELS[offer].label}</option>`)}
        </select>
        <p id="qa-offer-hint" class="qa-hint">${OFFER_LABELS[settings.offer].note} ${text.checkout.offerHint}</p>
      </div>
      <fieldset
        id="qa-methods"
        class="qa-field"
        aria-describedby="qa-methods-hint"
        @change=${(event: Event) => panel.changeSettings({ methods: selectedMethods(event.currentTarget as HTMLElement) })}
      >
        <legend>${text.checkout.methods}</legend>
        ${CHARGE_METHODS.map(
          (method) => html`
            <div class="qa-check">
              <input type="checkbox" id="qa-method-${method}" value=${method} .checked=${settings.methods.includes(method)} />
              <label for="qa-method-${method}">${METHOD_LABELS[method]}</label>
            </div>
          `,
        )}
        <p id="qa-methods-hint" class="qa-hint">${text.checkout.methodsHint}</p>
      </fieldset>
      <div class="qa-field">
        <label for="qa-locale">${text.checkout.locale}</label>
        <select
          id="qa-locale"
          @change=${(event: Event) => panel.changeSettings({ locale: (event.target as HTMLSelectElement).value as SupportedLocale })}
        >
          ${SUPPORTED_LOCALES.map((locale) => html`<option value=${locale} ?selected=${locale === settings.locale}>${LOCALE_LABELS[locale]}</option>`)}
        </select>
      </div>
      <fieldset id="qa-theme" class="qa-field qa-inline">
        <legend>${text.checkout.theme}</legend>
        ${DEMO_THEMES.map(
          (theme) => html`
            <div class="qa-check">
              <input
                type="radio"
                name="qa-theme"
                id="qa-theme-${theme}"
                value=${theme}
                .checked=${settings.theme === theme}
                @change=${() => panel.changeSettings({ theme })}
              />
              <label for="qa-theme-${theme}">${THEME_LABELS[theme]}</label>
            </div>
          `,
        )}
      </fieldset>
      <p class="qa-field">
        <span class="qa-label">${text.checkout.markup}</span>
        <code id="qa-checkout-markup" class="qa-code">${checkoutMarkup(panel.relay, settings)}</code>
      </p>
      <button type="button" id="qa-new-checkout" class="qa-button" @click=${() => panel.newCheckout()}>${text.checkout.reload}</button>
      ${feedbackLine(panel, 'checkout')}
    </section>
  `;
}

function orderSection(panel: QaPanelView) {
  const { order } = panel;
  const summary = order ? text.order.summary(order.refId, order.paymentMethod, order.status) : text.order.none;
  return html`
    <section class="qa-section" aria-labelledby="qa-order-title">
      <h3 id="qa-order-title">${text.order.title}</h3>
      <p id="qa-order-summary" data-order-status=${order?.status ?? ''}>${summary}</p>
      <div class="qa-field">
        <label for="qa-order-id">${text.order.id}</label>
        <input
          id="qa-order-id"
          type="text"
          autocomplete="off"
          spellcheck="false"
          aria-describedby="qa-order-id-hint"
          .value=${panel.orderId}
          @input=${(event: Event) => (panel.orderId = (event.target as HTMLInputElement).value)}
        />
        <p id="qa-order-id-hint" class="qa-hint">${text.order.idHint}</p>
      </div>
      <button type="button" id="qa-pay-order" class="qa-button qa-button-primary" @click=${() => panel.payOrder()}>${text.order.pay}</button>
      ${feedbackLine(panel, 'order')}
    </section>
  `;
}

/** `4111 1111 1111 1111`: read like the card, and free to wrap between groups on a narrow screen. */
function groupedDigits(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function testBuyerSection(panel: QaPanelView) {
  return html`
    <section class="qa-section" aria-labelledby="qa-buyer-title">
      <h3 id="qa-buyer-title">${text.buyer.title}</h3>
      <p id="qa-buyer-summary">${text.buyer.summary}</p>
      <p id="qa-buyer-hint" class="qa-hint">${text.buyer.hint}</p>
      <div class="qa-actions">
        <button type="button" id="qa-prefill-buyer" class="qa-button" aria-describedby="qa-buyer-hint" @click=${() => panel.prefillBuyer()}>
          ${text.buyer.prefill}
        </button>
      </div>
      ${feedbackLine(panel, 'buyer')}
    </section>
  `;
}

function testCardsSection(panel: QaPanelView) {
  return html`
    <section class="qa-section" aria-labelledby="qa-cards-title">
      <h3 id="qa-cards-title">${text.cards.title}</h3>
      <div class="qa-table-scroll" role="region" aria-label=${text.cards.region} tabindex="0">
        <table id="qa-test-cards" class="qa-table">
          <caption>${text.cards.caption}</caption>
          <thead>
            <tr>
              <th scope="col">${text.cards.card}</th>
              <th scope="col">${text.cards.outcome}</th>
              <th scope="col"><span class="visually-hidden">${text.cards.copy}</span></th>
            </tr>
          </thead>
          <tbody>
            ${TEST_CARDS.map(
              (card) => html`
                <tr data-card-number=${card.number} data-card-outcome=${card.outcome} data-challenge-code=${card.challengeCode ?? ''}>
                  <td>
                    <code id="qa-card-${card.number}" class="qa-card-number">${groupedDigits(card.number)}</code>
                    <span class="qa-card-brand">${text.cards.brand}: ${card.brand}</span>
                  </td>
                  <td>
                    ${CARD_OUTCOME_LABELS[card.outcome]}
                    ${card.challengeCode
                      ? html`<strong class="qa-card-challenge">${text.cards.challengeCode}: ${card.challengeCode}</strong>`
                      : ''}
                  </td>
                  <td>
                    <button
                      type="button"
                      id="qa-copy-card-${card.number}"
                      class="qa-button qa-button-small"
                      aria-label=${text.cards.copyLabel(card.number)}
                      @click=${() => panel.copyCard(card.number, panel.querySelector(`#qa-card-${card.number}`))}
                    >
                      ${text.cards.copy}
                    </button>
                  </td>
                </tr>
              `,
            )}
          </tbody>
        </table>
      </div>
      ${feedbackLine(panel, 'cards')}
    </section>
  `;
}

/** Checkout, current order, test buyer and test cards. */
export function checkoutViews(panel: QaPanelView) {
  return html`${checkoutSection(panel)}${orderSection(panel)}${testBuyerSection(panel)}${testCardsSection(panel)}`;
}
