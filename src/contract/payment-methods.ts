/** Payment method identifiers (public-api.md, "POST /public_api/payments/" and "Fees response"); the lists are in payment-method-lists.ts. */
import * as z from 'zod/mini';
import { CHARGE_METHODS } from './payment-method-lists.js';

export {
  BANK_SETTLED_METHODS,
  CARD_METHODS,
  CHARGE_METHODS,
  FEE_METHOD_ORDER,
  isCardMethod,
  isPixMethod,
  OPEN_FINANCE_METHOD_PATTERN,
  PIX_METHODS,
  type CardMethod,
  type ChargeMethod,
} from './payment-method-lists.js';

export const chargeMethodSchema = z.enum(CHARGE_METHODS);
