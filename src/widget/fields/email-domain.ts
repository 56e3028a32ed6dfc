/**
 * A likely typo in the e-mail's domain ("gmial.com", "hotmail.con", "yahoo.com.bt") and the
 * address the buyer probably meant. Fetched the first time the buyer leaves the e-mail field:
 * a buyer who never types one never downloads it. It only suggests; the address as typed is
 * still accepted.
 */

/** The domains most Brazilian buyers use, then the global ones; an exact match needs no suggestion. */
const COMMON_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com.br',
  'yahoo.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'icloud.com',
  'live.com',
  'msn.com',
  'ig.com.br',
  'globo.com',
  'outlook.com.br',
  'hotmail.com.br',
];

/**
 * Edits from `a` to `b`: a letter added, dropped, changed, or two neighbours swapped ("gmial"
 * is one edit from "gmail", the commonest slip on a phone keyboard).
 */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: edits from a's first i letters to b's first j.
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const above = rows[i - 1]!;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The address with its domain corrected, or `undefined` when the domain is a common one or
 * close to none. One edit away is a typo for any domain; two only for longer ones, where two
 * slips still leave most letters right ("gmial.con").
 */
export function suggestEmail(address: string): string | undefined {
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = address.slice(at + 1).toLowerCase();
  if (!domain || COMMON_DOMAINS.includes(domain)) return undefined;
  const allowed = domain.length < 9 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const common of COMMON_DOMAINS) {
    const distance = editDistance(domain, common);
    if (distance < bestDistance) [best, bestDistance] = [common, distance];
  }
  return best && `${address.slice(0, at)}@${best}`;
}
