/**
 * The digit masks the field modules share ("000.000.000-00", "(00) 00000-0000"). A mask is a
 * function of the digits alone, so an input can put the caret back after the same number of
 * digits it had before formatting (`caretAfterDigits`), whatever separators moved.
 */

/** The digits of what the buyer typed, in order; everything else dropped. */
export function digitsOf(raw: string): string {
  return raw.replace(/\D/g, '');
}

/**
 * Lays `digits` into `mask`, where each `0` takes one digit and any other character is
 * shown as written. A separator is written only when a digit follows it: the value never ends
 * in a separator the buyer did not type, so Backspace always removes what it seems to remove.
 * Digits beyond the mask's slots are dropped.
 */
export function applyMask(digits: string, mask: string): string {
  let shown = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    shown += slot === '0' ? digits[next++] : slot;
  }
  return shown;
}

/**
 * Where the caret goes in `formatted` so that `digitCount` digits sit before it: the input
 * counts the digits before the caret in what the buyer typed, formats, then calls this.
 */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  // The shortest start of `formatted` holding that many digits; all of it when it holds fewer.
  const start = new RegExp(`^(?:\\D*\\d){${Math.max(digitCount, 0)}}`).exec(formatted);
  return start ? start[0].length : formatted.length;
}
