/**
 * A buyer's path through the checkout (one method, one language, from page load to paid), what
 * their browser fetched from the script-tag build on it, and its budgets. The figures come from
 * scripts/buyer-paths-in-chromium.ts, which walks each path in headless Chromium; this module
 * stays free of it, for the reports of `npm run build`.
 */
import { BUDGETS, type BudgetVerdict } from './cdn-bundle.js';

export type PathMethod = 'pix' | 'pix_auto' | 'boleto' | 'credit_card' | 'threeDs';
export type PathLocale = 'pt-BR' | 'es' | 'en';

/** One buyer's way through the checkout: one method, one language. */
export interface BuyerPath {
  method: PathMethod;
  locale: PathLocale;
  /**
   * For `threeDs`: the page plugs a 3-D Secure provider of its own (`threeDSecureProvider`), as a
   * shop in production does, instead of using the sandbox's, with its dialog and bank page.
   */
  shopThreeDSecure?: true;
}

/**
 * Every method in the shop's default language, and Pix in the two others: their catalogue is all
 * that changes. The card through 3-D Secure twice: with the sandbox's provider, as the demo and a
 * shop's tests pay, and with a provider of the shop's own, as its buyers pay in production; the
 * latter in Spanish too, the longest catalogue on the path that fetches the most.
 */
export const BUYER_PATHS: readonly BuyerPath[] = [
  { method: 'pix', locale: 'pt-BR' },
  { method: 'pix_auto', locale: 'pt-BR' },
  { method: 'boleto', locale: 'pt-BR' },
  { method: 'credit_card', locale: 'pt-BR' },
  { method: 'threeDs', locale: 'pt-BR' },
  { method: 'threeDs', locale: 'pt-BR', shopThreeDSecure: true },
  { method: 'pix', locale: 'es' },
  { method: 'pix', locale: 'en' },
  { method: 'threeDs', locale: 'es', shopThreeDSecure: true },
];

/** Whether two paths are the same one. */
export function samePath(a: BuyerPath, b: BuyerPath): boolean {
  return a.method === b.method && a.locale === b.locale && a.shopThreeDSecure === b.shopThreeDSecure;
}

/** One response from the build's files. */
export interface FetchedFile {
  /** Relative to the build's directory: `pay-checkout.js`, `chunks/payment-<hash>.js`. */
  file: string;
  raw: number;
  gzip: number;
  /** Fetched before the checkout's form appeared. */
  beforeForm: boolean;
}

export interface ByteCount {
  raw: number;
  gzip: number;
}

export interface BuyerPathMeasure extends BuyerPath {
  /** In the order Chromium answered them. */
  files: FetchedFile[];
  beforeForm: ByteCount;
  /** From page load to paid. */
  total: ByteCount;
}

/** `pix (pt-BR)`; `threeDs (pt-BR, the shop's 3-D Secure)`. */
export function pathName(path: BuyerPath): string {
  return `${path.method} (${path.locale}${path.shopThreeDSecure ? ", the shop's 3-D Secure" : ''})`;
}

function costliest(measures: readonly BuyerPathMeasure[], figure: (measure: BuyerPathMeasure) => number): BuyerPathMeasure {
  if (measures.length === 0) throw new Error('no buyer path was measured');
  return measures.reduce((most, measure) => (figure(measure) > figure(most) ? measure : most));
}

/** The budgets of a whole path, page load to paid: every path's, and the card through the sandbox's 3-D Secure's own. */
const PATH_BUDGETS = {
  path: { name: 'one path, page load to paid (gzip)', limit: BUDGETS.pathGzip },
  threeDs: { name: "the card through the sandbox's 3-D Secure, page load to paid (gzip)", limit: BUDGETS.threeDsPathGzip },
} as const;

/** Which budget holds `path` from page load to paid. */
function pathBudget(path: Pick<BuyerPath, 'method' | 'shopThreeDSecure'>): (typeof PATH_BUDGETS)[keyof typeof PATH_BUDGETS] {
  return path.method === 'threeDs' && !path.shopThreeDSecure ? PATH_BUDGETS.threeDs : PATH_BUDGETS.path;
}

/** The ceiling of a path from page load to paid: its own for the card through the sandbox's 3-D Secure, else every path's. */
export function pathCeiling(path: Pick<BuyerPath, 'method' | 'shopThreeDSecure'>): number {
  return pathBudget(path).limit;
}

/**
 * The budgets of the paths, each against its costliest path: before the form, and page load to paid
 * without 3-D Secure, through the sandbox's 3-D Secure, and through a shop's own.
 */
export function checkPathBudgets(measures: readonly BuyerPathMeasure[]): BudgetVerdict[] {
  const beforeForm = costliest(measures, (measure) => measure.beforeForm.gzip);
  const verdicts: Array<Omit<BudgetVerdict, 'ok'>> = [
    { name: 'before the form renders, any path (gzip)', limit: BUDGETS.beforeFormGzip, measured: beforeForm.beforeForm.gzip, where: pathName(beforeForm) },
  ];
  for (const budget of Object.values(PATH_BUDGETS)) {
    const group = measures.filter((measure) => pathBudget(measure) === budget);
    if (group.length === 0) continue;
    const total = costliest(group, (measure) => measure.total.gzip);
    verdicts.push({ ...budget, measured: total.total.gzip, where: pathName(total) });
  }
  return verdicts.map((verdict) => ({ ...verdict, ok: verdict.measured <= verdict.limit }));
}
