/**
 * What the QA panel chooses for the checkout (offer, methods, locale, theme), kept in the page's
 * URL so a reload keeps it and a test can open the page already set up:
 * `/?offer=BOLEplan&methods=pix,boleto&locale=en&theme=dark`.
 */
import { CHARGE_METHODS, type ChargeMethod } from '../src/contract/payment-methods.js';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../src/widget/i18n/locales.js';

export const DEMO_THEMES = ['light', 'dark'] as const;
export type DemoTheme = (typeof DEMO_THEMES)[number];

/** The sandbox fixture's offers, in the order the panel lists them (docs/sandbox.md, "The default fixture"). */
export const DEMO_OFFERS = ['77BcHrY', 'FOTOprm', 'CLUBmes', 'CLUBano', 'BOLEplan', 'ENGLusd', 'EUROwrk', 'CHILvin', 'CONFmnt'] as const;
export type DemoOffer = (typeof DEMO_OFFERS)[number];

export interface DemoSettings {
  offer: DemoOffer;
  /** The methods checked, always in the spec's order (the `methods` attribute keeps it). */
  methods: readonly ChargeMethod[];
  locale: SupportedLocale;
  theme: DemoTheme;
}

export const DEFAULT_SETTINGS: DemoSettings = Object.freeze({
  offer: '77BcHrY',
  methods: CHARGE_METHODS,
  locale: 'pt-BR',
  theme: 'light',
});

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/** The settings a URL asks for; anything missing or unknown keeps its default. */
export function settingsFromUrl(url: URL): DemoSettings {
  const query = url.searchParams;
  const methods = query.get('methods');
  return {
    offer: oneOf(DEMO_OFFERS, query.get('offer'), DEFAULT_SETTINGS.offer),
    // `methods=` (empty) is a choice too: no method checked.
    methods: methods === null ? DEFAULT_SETTINGS.methods : CHARGE_METHODS.filter((method) => methods.split(',').includes(method)),
    locale: oneOf(SUPPORTED_LOCALES, query.get('locale'), DEFAULT_SETTINGS.locale),
    theme: oneOf(DEMO_THEMES, query.get('theme'), DEFAULT_SETTINGS.theme),
  };
}

/** True when every method is checked: the checkout then gets no `methods` attribute, as on a shop's page. */
export function offersEveryMethod(settings: DemoSettings): boolean {
  return CHARGE_METHODS.every((method) => settings.methods.includes(method));
}

/** The page URL for these settings, keeping any other parameter (`utm_*`, `csp`). */
export function urlWithSettings(url: URL, settings: DemoSettings): URL {
  const next = new URL(url);
  const query = next.searchParams;
  const write = (name: string, value: string, fallback: string) => (value === fallback ? query.delete(name) : query.set(name, value));
  write('offer', settings.offer, DEFAULT_SETTINGS.offer);
  if (offersEveryMethod(settings)) query.delete('methods');
  else query.set('methods', settings.methods.join(','));
  write('locale', settings.locale, DEFAULT_SETTINGS.locale);
  write('theme', settings.theme, DEFAULT_SETTINGS.theme);
  return next;
}
