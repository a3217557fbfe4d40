import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { contactMessages, orders } from "./db/schema.ts";
import type { StoreScope } from "./db/store-scope.ts";

// What needs the owner's attention, counted for the admin sidebar (on every admin page)
// and the dashboard. Each count is one query an index serves: orders by
// (tenant_id, status, …), messages by (tenant_id, spam, …).

/** The paid orders in the owner's workflow before handover, counted by status. */
export interface WorkflowCounts {
  new: number;
  in_progress: number;
  ready_for_pickup: number;
}

const WORKFLOW_STATUSES = ["new", "in_progress", "ready_for_pickup"] as const;

/** Orders that are New (paid, not started), In progress and Ready for pickup. */
export async function countWorkflowOrders({ db, tenantId }: StoreScope): Promise<WorkflowCounts> {
  const rows = await db
    .select({ status: orders.status, count: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.status, [...WORKFLOW_STATUSES])))
    .groupBy(orders.status);
  const counts: WorkflowCounts = { new: 0, in_progress: 0, ready_for_pickup: 0 };
  for (const row of rows) counts[row.status as keyof WorkflowCounts] = row.count;
  return counts;
}

/** Contact messages the owner has not opened yet (spam aside). */
export async function countUnreadMessages({ db, tenantId }: StoreScope): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(contactMessages)
    .where(
      and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.spam, false), isNull(contactMessages.readAt)),
    );
  return row?.count ?? 0;
}

/** The counts the sidebar shows, by the badge names of the admin page registry. */
export interface SidebarCounts {
  newOrders: number;
  unreadMessages: number;
}

/** The sidebar's counts: new orders (paid, waiting to be started) and unread messages. */
export async function loadSidebarCounts(scope: StoreScope): Promise<SidebarCounts> {
  const [workflow, unreadMessages] = await Promise.all([countWorkflowOrders(scope), countUnreadMessages(scope)]);
  return { newOrders: workflow.new, unreadMessages };
}
