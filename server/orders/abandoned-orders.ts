import { and, eq, isNull, sql } from "drizzle-orm";
import { forEachStore, type StoreDatabases, type StoreScope } from "../db/store-scope.ts";
import { orders } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { startRecurringTask, type RecurringTask } from "../recurring-task.ts";

// An order is written before its payment page is opened (docs/decisions/004). If the
// provider call fails, or the process dies before the session id is stored, the order
// waits for a payment that can never come. Such orders are closed as `abandoned`.

/**
 * How old an order without a payment session must be before it is closed. Between
 * writing the order and storing its session there is only the provider call, which
 * gives up within a few minutes (Stripe: 80 s per attempt, two retries). Thirty minutes
 * leaves a wide margin for a slow provider or a paused process, and closing sooner
 * gains nothing: an order awaiting payment is never shown or counted as a sale.
 */
export const ABANDON_AFTER_SECONDS = 30 * 60;

/** How often the sweeper looks for orders to close. */
export const SWEEP_INTERVAL_MS = 5 * 60_000;

export interface AbandonedOrder {
  id: string;
  tenantId: string;
  orderNumber: string;
}

/** The order was written and is waiting, but its payment never started: no session yet. */
export const paymentNeverStarted = () => and(eq(orders.status, "awaiting_payment"), isNull(orders.paymentSessionId));

/** Closes one of the store's orders whose payment could not be started; does nothing once it has a session or another status. */
export async function abandonOrder({ db, tenantId }: StoreScope, orderId: string): Promise<boolean> {
  const closed = await db
    .update(orders)
    .set({ status: "abandoned", updatedAt: sql`now()` })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId), paymentNeverStarted()))
    .returning({ id: orders.id });
  return closed.length > 0;
}

/**
 * Closes the store's orders whose payment never started and that are older than
 * `olderThanSeconds`, in one statement: when several app servers sweep at once,
 * PostgreSQL re-checks the condition on each row the other has just closed, so every
 * order is closed, and reported, by exactly one of them. Ages are measured by the
 * database's clock, the same one that stamped `created_at`.
 */
export async function closeAbandonedOrders(
  { db, tenantId }: StoreScope,
  { olderThanSeconds = ABANDON_AFTER_SECONDS }: { olderThanSeconds?: number } = {},
): Promise<AbandonedOrder[]> {
  return db
    .update(orders)
    .set({ status: "abandoned", updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.tenantId, tenantId),
        paymentNeverStarted(),
        sql`${orders.createdAt} < now() - make_interval(secs => ${olderThanSeconds})`,
      ),
    )
    .returning({ id: orders.id, tenantId: orders.tenantId, orderNumber: orders.orderNumber });
}

export interface OrderSweeperOptions {
  /** Time between passes; the first pass runs at start. */
  intervalMs?: number;
  olderThanSeconds?: number;
}

/**
 * Closes abandoned orders at start (leftovers of a process that died mid-checkout) and
 * then every few minutes. A failed pass, such as the database being down, is logged and
 * tried again at the next one; it never stops the sweeper or the process.
 */
export function startOrderSweeper(
  { databases, log }: { databases: StoreDatabases; log: Logger },
  { intervalMs = SWEEP_INTERVAL_MS, olderThanSeconds = ABANDON_AFTER_SECONDS }: OrderSweeperOptions = {},
): RecurringTask {
  return startRecurringTask(async () => {
    try {
      await forEachStore(databases, async (store) => {
        const closed = await closeAbandonedOrders(store, { olderThanSeconds });
        if (closed.length > 0) {
          log.warn(
            { count: closed.length, orders: closed.map(({ tenantId, orderNumber }) => ({ tenantId, orderNumber })) },
            "closed orders whose payment never started",
          );
        }
      });
    } catch (error) {
      log.error({ err: error }, "abandoned-order sweep failed, will try again");
    }
  }, intervalMs);
}
