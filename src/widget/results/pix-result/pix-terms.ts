/**
 * The terms a Pix Automático buyer authorizes, read from the offer's recurrence as the relay's
 * config gives it (public-api.md, Offer: `recurrence_period` in days, `quantity_recurrences` with
 * -1 for no end, `trial_days`): how much each charge is, how often, when the first one is
 * debited and how many there are. A term whose value is missing or not a whole number is left
 * out rather than guessed.
 *
 * When the QR pays the first charge now (the journeys of `paysFirstChargeNow`), the date shown is
 * the next charge's, one period on. An offer with trial days would then leave that date unclear
 * (the trial counts from a charge already paid), so it is left out.
 */
import type { WidgetRecurrence } from '../../../relay/config-route.js';
import type { MessageKey } from '../../i18n/catalogue.js';
import { formatAmount } from '../../i18n/format-amount.js';
import { formatTag, type SupportedLocale } from '../../i18n/locales.js';
import { translate } from '../../i18n/translate.js';
import type { Currency } from '../../../contract/currencies.js';

const DAY_MS = 86_400_000;

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** How often, as the catalogue says it: the usual periods by name, any other in days. */
export function frequencyText(days: number, locale: SupportedLocale): string {
  if (days === 30) return translate(locale, 'pixAuto.terms.monthly');
  if (days === 365) return translate(locale, 'pixAuto.terms.yearly');
  return translate(locale, 'pixAuto.terms.everyDays', { count: days });
}

/** One term: its label and its value, both in the buyer's language. */
export interface RecurrenceTerm {
  label: MessageKey;
  value: string;
}

/**
 * The terms to show. `amount` is the price of each charge (the offer's, a decimal string);
 * `startMs` is when the order was made, from which the trial days count.
 */
export function recurrenceTerms(
  recurrence: Partial<WidgetRecurrence> | null | undefined,
  amount: string | undefined,
  currency: Currency,
  startMs: number,
  locale: SupportedLocale,
  /** The page's language tag, whose region writes the amount and the date. */
  tag: string = locale,
  /** The buyer pays the first charge now, with the QR. */
  paidNow = false,
): RecurrenceTerm[] {
  if (!recurrence) return [];
  const { recurrence_period: period, quantity_recurrences: count, trial_days: trial } = recurrence;
  const terms: RecurrenceTerm[] = [];
  const price = amount === undefined ? undefined : formatAmount(amount, currency, tag, locale);
  if (price) terms.push({ label: 'pixAuto.terms.amount', value: price });
  if (isCount(period) && period > 0) terms.push({ label: 'pixAuto.terms.frequency', value: frequencyText(period, locale) });
  // Paid now: the next charge, one period on, unless trial days make it unclear. Else the first, after the trial.
  const dated = paidNow
    ? isCount(period) && period > 0 && (trial === undefined || trial === 0) && { label: 'pixAuto.terms.next' as const, days: period }
    : isCount(trial) && { label: 'pixAuto.terms.first' as const, days: trial };
  if (dated && Number.isFinite(startMs)) {
    const value = new Intl.DateTimeFormat(formatTag(tag, locale), { day: 'numeric', month: 'long', year: 'numeric' }).format(startMs + dated.days * DAY_MS);
    terms.push({ label: dated.label, value });
  }
  if (count === -1) terms.push({ label: 'pixAuto.terms.count', value: translate(locale, 'pixAuto.terms.untilCancelled') });
  else if (isCount(count) && count > 0) terms.push({ label: 'pixAuto.terms.count', value: String(count) });
  return terms;
}
