/**
 * The service's wall clock: America/Sao_Paulo. Brazil has kept UTC-03:00 all year since it
 * abolished daylight saving time in 2019, so a fixed offset gives the zone's instants for
 * every day the sandbox deals with (the same reasoning as `reportWindow` in
 * src/contract/interest-report.ts). Dates the sandbox writes carry that offset, as the
 * service's samples do (`2025-03-01T10:00:00-03:00`). Inputs are sandbox time in ms.
 */

/** The offset the service writes on its date-times. */
export const SAO_PAULO_OFFSET = '-03:00';

const OFFSET_MS = -3 * 60 * 60 * 1000;
const MILLIS_PER_DAY = 86_400_000;

/** ISO 8601 with the offset, whole seconds (the service writes no fraction): `2026-03-01T10:00:00-03:00`. */
export function saoPauloDateTime(ms: number): string {
  const wallClock = new Date(Math.floor(ms / 1000) * 1000 + OFFSET_MS).toISOString();
  return `${wallClock.slice(0, 19)}${SAO_PAULO_OFFSET}`;
}

/**
 * The space-separated form the service uses in `pix.expirationDate`:
 * `2026-03-01 10:00:00-03:00` (public-api.md, `pix` object).
 */
export function saoPauloSpacedDateTime(ms: number): string {
  return saoPauloDateTime(ms).replace('T', ' ');
}

/** The São Paulo calendar day of `ms`, `YYYY-MM-DD`. */
export function saoPauloDate(ms: number): string {
  return saoPauloDateTime(ms).slice(0, 10);
}

/** The first instant of a São Paulo day given as `YYYY-MM-DD`. */
export function saoPauloDayStart(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00${SAO_PAULO_OFFSET}`);
}

/** The last millisecond of a São Paulo day given as `YYYY-MM-DD` (23:59:59 counted whole). */
export function saoPauloDayEnd(isoDate: string): number {
  return Date.parse(`${isoDate}T23:59:59.999${SAO_PAULO_OFFSET}`);
}

/** `date` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * MILLIS_PER_DAY).toISOString().slice(0, 10);
}
