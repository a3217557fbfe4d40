import { z } from "zod";
import { formatPrice, dollarsToCents } from "./money.ts";
import { WORKFLOW_TARGETS } from "./orders.ts";

// The owner's forms on an order's page: one action, told apart by intent, checked by the
// same schema in the browser (instant messages) and on the server (the truth).

export const REFUND_AMOUNT_MESSAGE = "Enter an amount in dollars and cents, like 12.50";
export const REFUND_MINIMUM_MESSAGE = "A refund must be at least $0.01";
export const NOTHING_TO_REFUND_MESSAGE = "This order has been refunded in full.";

/** Why a refund of more than remains is refused. */
export function refundLimitMessage(remainingCents: number): string {
  return remainingCents <= 0 ? NOTHING_TO_REFUND_MESSAGE : `You can refund at most ${formatPrice(remainingCents)}.`;
}

/** "12.5" or "$12.50" as 1250 cents; more than two decimals is refused, not rounded. */
export const refundAmountField = z
  .string({ error: REFUND_AMOUNT_MESSAGE })
  .trim()
  .transform((value) => value.replace(/^\$/, "").replaceAll(",", ""))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, REFUND_AMOUNT_MESSAGE))
  .transform((value) => dollarsToCents(Number(value)))
  .refine((cents) => cents >= 1, REFUND_MINIMUM_MESSAGE);

/** Cents as the refund field shows them: 1250 → "12.50". */
export const centsAsDollarText = (cents: number) => (cents / 100).toFixed(2);

export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("transition"), to: z.enum(WORKFLOW_TARGETS, { error: "Unknown status" }) }),
  z.object({
    intent: z.literal("refund"),
    amount: refundAmountField,
    // The page's one-time key (a UUID its loader made): the same form sent twice makes one refund.
    requestKey: z.uuid({ error: "This refund form has expired. Reload the page and try again." }),
  }),
  z.object({ intent: z.literal("retry-refund"), refundId: z.uuid() }),
]);
export type OrderAction = z.output<typeof orderActionSchema>;
export type OrderActionIntent = OrderAction["intent"];

/** What the order page's action answers to its forms. */
export interface OrderActionAnswer {
  intent: OrderActionIntent | "unknown";
  ok: boolean;
  message: string;
  /** The answer is the second of two identical requests: shown as a notice, not an error. */
  alreadyDone?: boolean;
  fieldErrors?: Partial<Record<string, string>>;
}
