/**
 * What a Pix Automático buyer authorizes, by the acquirer's `user_journey` (public-api.md, `pix`
 * object: `JORNADA_1`..`JORNADA_4`, set by the acquirer; the Pix Automático rules of the Banco
 * Central name the four ways to authorize):
 * - JORNADA_1: the authorization arrives as a request in the buyer's bank app; there is no code to scan.
 * - JORNADA_2: the QR only authorizes the recurrence; nothing is paid now.
 * - JORNADA_3: the QR pays the first charge, and paying it is the authorization (no paying without it).
 * - JORNADA_4: the QR pays the first charge; the bank app then offers the authorization.
 */
import type { MessageKey } from '../../i18n/catalogue.js';

const JOURNEY_TEXTS: Readonly<Record<string, MessageKey>> = {
  JORNADA_1: 'pixAuto.journey.JORNADA_1',
  JORNADA_2: 'pixAuto.journey.JORNADA_2',
  JORNADA_3: 'pixAuto.journey.JORNADA_3',
  JORNADA_4: 'pixAuto.journey.JORNADA_4',
};

/** The explanation of a journey; a journey the spec does not name gets the general one. */
export function journeyText(journey: string | null | undefined): MessageKey {
  return (journey ? JOURNEY_TEXTS[journey] : undefined) ?? 'pixAuto.journey.other';
}

/** True when the buyer authorizes through a request in the bank app (JORNADA_1): no code to scan or paste. */
export function authorizesByRequest(journey: string | null | undefined): boolean {
  return journey === 'JORNADA_1';
}

/** True when the QR pays the first charge now (JORNADA_3 and JORNADA_4). */
export function paysFirstChargeNow(journey: string | null | undefined): boolean {
  return journey === 'JORNADA_3' || journey === 'JORNADA_4';
}
