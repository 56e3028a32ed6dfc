/**
 * `GET /public_api/fees/` (public-api.md, "Fees response") and the producer's additional
 * instalment interest (supplement, "Lists, orders, products": `/public_api/installment-interest/`).
 *
 * The fees table is what the relay serves the widget to show fees and instalment options, so
 * the helpers here turn it into display rows with the exact arithmetic of money.ts.
 */
import * as z from 'zod/mini';
import {
  ADDITIONAL_INTEREST_INSTALLMENTS_MAX,
  ADDITIONAL_INTEREST_INSTALLMENTS_MIN,
  CHARGE_INSTALLMENTS_MAX,
  CHARGE_INSTALLMENTS_MIN,
  INSTALLMENT_TABLE_ROWS,
} from './constants.js';
import { decimalString } from './formats.js';
import { amountsEqual, decimalTextOfNumber, installmentPlan, sumAmounts, type InstallmentPlan } from './money.js';
import { FEE_METHOD_ORDER, OPEN_FINANCE_METHOD_PATTERN } from './payment-methods.js';

const OPEN_FINANCE_PLACEHOLDER = FEE_METHOD_ORDER[FEE_METHOD_ORDER.length - 1];

/** Whether `method` is the identifier the fees table puts at `position`. */
function isMethodAt(position: number, method: string): boolean {
  const expected = FEE_METHOD_ORDER[position];
  if (expected === OPEN_FINANCE_PLACEHOLDER) return OPEN_FINANCE_METHOD_PATTERN.test(method);
  return method === expected;
}

/**
 * One payment method's fee and settlement period. All three values null means the method has
 * no configured fee; null is kept as null (it is not zero).
 */
export const feeEntrySchema = z.object({
  paymentMethod: z.string(),
  /** Percentage points on an approved sale (4.99 means 4.99%). */
  percentage: z.nullable(z.number()),
  /** A JSON number, or a decimal string as one sample renders it: clients accept both. */
  fixed: z.nullable(z.union([z.number(), decimalString], 'Informe um número ou um valor decimal em texto.')),
  /** Calendar days from order creation to settlement; 0 is the same day. */
  releaseDays: z.nullable(z.int().check(z.gte(0))),
});
export type FeeEntry = z.infer<typeof feeEntrySchema>;

/** One row of the card instalment table: the service's base interest, in percentage points. */
export const creditCardInstallmentRowSchema = z.object({
  installments: z.int(),
  interestPercentage: z.number().check(z.gte(0)),
});
export type CreditCardInstallmentRow = z.infer<typeof creditCardInstallmentRowSchema>;

/** A fee the buyer pays on top of the price; it does not reduce the producer's net. */
export const customerFeeSchema = z.object({
  name: z.string(),
  amount: decimalString,
  percentage: z.number(),
  /** Null means the fee applies to every method. */
  paymentMethod: z.nullable(z.string()),
  /** True when the fee goes back to the buyer on refund. */
  refundable: z.boolean(),
});
export type CustomerFee = z.infer<typeof customerFeeSchema>;

const paymentMethodsSchema = z.array(feeEntrySchema).check(
  // "One entry per supported method, always all of them, always in the same order."
  z.length(FEE_METHOD_ORDER.length),
  z.superRefine((entries, ctx) => {
    entries.forEach((entry, position) => {
      if (position >= FEE_METHOD_ORDER.length || isMethodAt(position, entry.paymentMethod)) return;
      const expected = FEE_METHOD_ORDER[position];
      ctx.addIssue({
        code: 'custom',
        message:
          expected === OPEN_FINANCE_PLACEHOLDER
            ? 'Esperado um método openfinance_<banco> nesta posição da tabela de taxas.'
            : `Esperado "${expected}" nesta posição da tabela de taxas.`,
        path: [position, 'paymentMethod'],
        input: entry.paymentMethod,
      });
    });
  }),
);

const creditCardInstallmentsSchema = z.array(creditCardInstallmentRowSchema).check(
  // "18 rows, installments 1 to 18 with no gaps"; 1 instalment carries no interest.
  z.length(INSTALLMENT_TABLE_ROWS),
  z.superRefine((rows, ctx) => {
    rows.forEach((row, position) => {
      if (row.installments !== position + 1) {
        ctx.addIssue({
          code: 'custom',
          message: `Esperado ${position + 1} parcela(s) nesta linha: a tabela vai de 1 a ${INSTALLMENT_TABLE_ROWS} parcelas, em ordem e sem lacunas.`,
          path: [position, 'installments'],
          input: row.installments,
        });
      }
      if (row.installments === 1 && row.interestPercentage !== 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'Pagamento em 1 parcela não tem juros: esperado 0.',
          path: [position, 'interestPercentage'],
          input: row.interestPercentage,
        });
      }
    });
  }),
);

/** The body of `GET /public_api/fees/`. Unknown extra keys are dropped, not refused. */
export const feesResponseSchema = z.object({
  paymentMethods: paymentMethodsSchema,
  creditCardInstallments: creditCardInstallmentsSchema,
  /** May be empty: a fee transferred to the producer or waived is absent. */
  customerFees: z.array(customerFeeSchema),
});
export type FeesResponse = z.infer<typeof feesResponseSchema>;

/**
 * The fees table entry of `method`. The `openfinance_<bank>` placeholder of FEE_METHOD_ORDER
 * finds the account's open-finance entry, whatever word stands for the bank.
 */
export function feeFor(fees: FeesResponse, method: string): FeeEntry | undefined {
  return fees.paymentMethods.find(
    (entry) =>
      entry.paymentMethod === method ||
      (method === OPEN_FINANCE_PLACEHOLDER && OPEN_FINANCE_METHOD_PATTERN.test(entry.paymentMethod)),
  );
}

/** True when the method has a fee (a percentage, a fixed part or both); false when both are null. */
export function isFeeConfigured(entry: FeeEntry): boolean {
  return entry.percentage !== null || entry.fixed !== null;
}

/** One line of the instalment picker. */
export interface InstallmentOption extends InstallmentPlan {
  /** The interest the buyer pays for this count: the service's base plus the producer's additional, percentage points. */
  readonly interestPercentage: number;
  /** True when no interest applies to this count. */
  readonly interestFree: boolean;
}

/**
 * The instalment choices for `amount`, from 1 to `maxInstallments` (a charge takes 1 to 12),
 * priced with the base interest of the fees table plus, when the producer has it active,
 * the additional interest configured for that count (supplement, installment-interest).
 * The table's figure excludes the additional interest (public-api.md,
 * `creditCardInstallments[].interestPercentage`), and the buyer pays both.
 */
export function installmentOptions(
  fees: FeesResponse,
  amount: string,
  maxInstallments: number = CHARGE_INSTALLMENTS_MAX,
  additional?: AdditionalInterestConfig,
): InstallmentOption[] {
  if (!Number.isInteger(maxInstallments) || maxInstallments < CHARGE_INSTALLMENTS_MIN || maxInstallments > CHARGE_INSTALLMENTS_MAX) {
    throw new RangeError(
      `O máximo de parcelas deve ser um inteiro de ${CHARGE_INSTALLMENTS_MIN} a ${CHARGE_INSTALLMENTS_MAX}: ${String(maxInstallments)}.`,
    );
  }
  const options: InstallmentOption[] = [];
  for (let installments = 1; installments <= maxInstallments; installments += 1) {
    const row = fees.creditCardInstallments.find((candidate) => candidate.installments === installments);
    if (!row) throw new Error(`A tabela de parcelas não tem a linha de ${installments} parcela(s).`);
    const extra = additional?.active ? additional.installments.find((candidate) => candidate.installments === installments) : undefined;
    const interest = extra
      ? sumAmounts([decimalTextOfNumber(row.interestPercentage), decimalTextOfNumber(extra.interestPercentage)])
      : decimalTextOfNumber(row.interestPercentage);
    options.push({
      ...installmentPlan(amount, installments, interest),
      interestPercentage: Number(interest),
      interestFree: amountsEqual(interest, '0'),
    });
  }
  return options;
}

/** One count of the producer's additional interest (2 to 12 instalments), percentage points. */
export const additionalInterestRowSchema = z.object({
  installments: z.int().check(z.gte(ADDITIONAL_INTEREST_INSTALLMENTS_MIN), z.lte(ADDITIONAL_INTEREST_INSTALLMENTS_MAX)),
  interestPercentage: z.number().check(z.gte(0)),
});
export type AdditionalInterestRow = z.infer<typeof additionalInterestRowSchema>;

/**
 * The producer's additional instalment interest, read (GET) and written (PUT) at
 * `/public_api/installment-interest/` (supplement). Each count appears at most once.
 */
export const additionalInterestConfigSchema = z.object({
  installments: z.array(additionalInterestRowSchema).check(
    z.superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, position) => {
        if (seen.has(row.installments)) {
          ctx.addIssue({
            code: 'custom',
            message: `O número de parcelas ${row.installments} aparece mais de uma vez.`,
            path: [position, 'installments'],
            input: row.installments,
          });
        }
        seen.add(row.installments);
      });
    }),
  ),
  active: z.boolean(),
});
export type AdditionalInterestConfig = z.infer<typeof additionalInterestConfigSchema>;
