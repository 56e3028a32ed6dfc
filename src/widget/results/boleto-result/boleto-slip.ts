/**
 * How a boleto is written for its payer: the 47-digit digitable line in the groups printed on
 * every slip (FEBRABAN layout: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`, that is
 * three fields of 5.5, 5.6 and 5.6 digits, the check digit, then the due-date factor and
 * amount), the due day in the buyer's language, and the slip's link.
 */

/** The groups of a 47-digit line; any other text is answered as it came. */
export function formatDigitableLine(line: string): string {
  const digits = line.replace(/\D/g, '');
  // The last 14 digits follow the check digit as they are.
  return digits.length === 47 ? digits.replace(/(\d{5})(\d{5})(\d{5})(\d{6})(\d{5})(\d{6})(\d)/, '$1.$2 $3.$4 $5.$6 $7 ') : line;
}

/** A `YYYY-MM-DD` day as the buyer's region writes it (`4 de março de 2026`, `March 4, 2026` in en-US, `4 March 2026` in en-GB); other text as it came. */
export function formatDueDate(day: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  // The day is a calendar day, not an instant: formatted at UTC so no time zone moves it.
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The slip's address when it is a web address; a link to anything else is not offered. */
export function slipHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
