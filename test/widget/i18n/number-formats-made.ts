/**
 * How many `Intl.NumberFormat`s `run` makes: a page's first loads Intl's data (format-amount.ts),
 * so the tests count them where the checkout means to make none.
 */
export function numberFormatsMade(run: () => void): number {
  const Original = Intl.NumberFormat;
  let made = 0;
  Intl.NumberFormat = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
    made += 1;
    return new Original(...args);
  } as unknown as typeof Intl.NumberFormat;
  try {
    run();
  } finally {
    Intl.NumberFormat = Original;
  }
  return made;
}
