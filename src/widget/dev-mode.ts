/**
 * The widget's development mode: warnings for the merchant's developer about a checkout set up
 * wrong, which would otherwise show nothing useful and say nothing. `DEV_MODE` is `false` here,
 * in the sources and in every production build, and each warning sits behind `if (DEV_MODE)`:
 * the bundler folds the constant and drops the branch with its strings, so no buyer downloads
 * them. The development builds (`pay-checkout.dev.js`, the package's `development` condition)
 * compile this module with `true` instead (scripts/dev-mode-plugin.ts).
 */
export const DEV_MODE = false;

/** The warnings each element printed: a render repeats a cause, the console should not. */
const printed = new WeakMap<object, Set<string>>();

/** Prints `message` as a `pay-checkout:` warning, once for `element`. */
export function warnOnce(element: object, message: string): void {
  let messages = printed.get(element);
  if (!messages) printed.set(element, (messages = new Set()));
  if (messages.has(message)) return;
  messages.add(message);
  console.warn(`pay-checkout: ${message}`);
}
