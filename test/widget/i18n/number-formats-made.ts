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

/**
 * How many times `run` asks an `Intl.PluralRules` for a count's category: made once per language
 * and kept, so counting the ones made would miss a text that reads a kept one.
 */
export function pluralRulesAsked(run: () => void): number {
  const prototype = Intl.PluralRules.prototype;
  const original = Object.getOwnPropertyDescriptor(prototype, 'select')!;
  let asked = 0;
  Object.defineProperty(prototype, 'select', {
    ...original,
    value(this: Intl.PluralRules, count: number) {
      asked += 1;
      return (original.value as Intl.PluralRules['select']).call(this, count);
    },
  });
  try {
    run();
  } finally {
    Object.defineProperty(prototype, 'select', original);
  }
  return asked;
}
