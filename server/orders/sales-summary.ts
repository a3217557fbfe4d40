import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { DEFAULT_FABRIC_CODE } from "../../core/constants.ts";
import { STORE_TIME_ZONE } from "../../core/dates.ts";
import { countUnreadMessages, countWorkflowOrders, type WorkflowCounts } from "../admin-attention.ts";
import { emailOutbox } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { rowsOf } from "../db/client.ts";

// The dashboard's numbers: the work queue, net sales (what was paid, less what was
// refunded) by the store's calendar day, best sellers and failed emails. Days are the
// store's local days (America/Denver), cut in SQL with `at time zone`, so a sale at
// 11:59 pm on the last of the month belongs to that month whatever the server's zone.
// Every order query ranges over an index: (tenant_id, paid_at) for sales, (tenant_id,
// status, …) for the queue; five queries run side by side.

/** Days in the sales chart (today and the 89 before it); best sellers cover the same days. */
export const SALES_DAYS = 90;
/** "Last 30 days": today and the 29 days before it. */
export const RECENT_DAYS = 30;
/** Best-selling products and fabrics listed. */
export const BEST_SELLERS_SHOWN = 5;
/** Failed emails named on the dashboard; the rest are counted (Diagnostics lists them all). */
export const FAILED_EMAILS_NAMED = 3;

export interface DailySales {
  /** The store's calendar day, "2026-03-01". */
  day: string;
  /** Paid totals less refunds of the orders paid that day, in cents. */
  netCents: number;
}

export interface BestSeller {
  name: string;
  units: number;
  /** Units times unit price, as sold (before any refund). */
  revenueCents: number;
}

export interface SalesSummary {
  workflow: WorkflowCounts;
  unreadMessages: number;
  /** Net sales since the first of this month (store time). */
  thisMonthCents: number;
  /** Net sales of the last RECENT_DAYS days, today included. */
  last30DaysCents: number;
  /** One entry per day, oldest first, SALES_DAYS of them; days without sales are zero. */
  daily: DailySales[];
  bestProducts: BestSeller[];
  bestFabrics: BestSeller[];
  failedEmails: {
    count: number;
    latest: { id: string; kind: string; to: string; error: string | null; createdAt: Date }[];
  };
}

const zone = STORE_TIME_ZONE;
/** The chart's first day, counted back from today (a literal: a bound parameter would leave `date - ?` ambiguous). */
const DAYS_BACK = sql.raw(String(SALES_DAYS - 1));

/** The store's calendar day at `now`, as a SQL date. */
const storeToday = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;

/** The instant a store calendar day (a SQL date expression) begins. */
const dayStarts = (date: SQL) => sql`((${date})::timestamp at time zone ${zone})`;

/** Net sales per store day for the chart's days, zeros included, and which fall in this month. */
async function dailySales({ db, tenantId }: StoreScope, now: Date) {
  return rowsOf<DailySales & { inMonth: boolean }>(
    db,
    sql`with bounds as (
          select today, today - ${DAYS_BACK} as first_day, date_trunc('month', today)::date as month_start
          from (select ${storeToday(now)} as today) t
        ),
        sales as (
          select (o.paid_at at time zone ${zone})::date as day,
                 sum(o.total_cents - o.refunded_cents)::int as net_cents
          from orders o
          where o.tenant_id = ${tenantId} and o.paid_at is not null
            and o.paid_at >= ((select first_day from bounds)::timestamp at time zone ${zone})
            and o.paid_at < (((select today from bounds) + 1)::timestamp at time zone ${zone})
          group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.net_cents, 0)::int as "netCents",
               d.day >= b.month_start as "inMonth"
        from bounds b
        cross join lateral (
          select g::date as day from generate_series(b.first_day::timestamp, b.today::timestamp, interval '1 day') g
        ) d
        left join sales s on s.day = d.day
        order by d.day`,
  );
}

/**
 * The products and the fabrics sold most (by units, then sales) in the chart's days, in
 * paid orders not canceled: one pass over the items with two groupings, ranked in SQL.
 * A product is counted by the name it sold under; a fabric by its code (its label may
 * have changed since). Products sold without a fabric choice are in the "Default" fabric,
 * which is no fabric anyone picked.
 */
async function bestSellers({ db, tenantId }: StoreScope, now: Date) {
  const today = storeToday(now);
  const rows = await rowsOf<BestSeller & { byFabric: boolean }>(
    db,
    sql`select "byFabric", name, units, "revenueCents" from (
          select grouping(i.product_name) = 1 as "byFabric",
                 case when grouping(i.product_name) = 0 then i.product_name else max(i.fabric_label) end as name,
                 sum(i.quantity)::int as units,
                 sum(i.quantity * i.unit_price_cents)::int as "revenueCents",
                 row_number() over (
                   partition by grouping(i.product_name)
                   order by sum(i.quantity) desc, sum(i.quantity * i.unit_price_cents) desc,
                            case when grouping(i.product_name) = 0 then i.product_name else max(i.fabric_label) end
                 ) as rank
          from orders o
          join order_items i on i.order_id = o.id and i.tenant_id = ${tenantId}
          where o.tenant_id = ${tenantId} and o.paid_at is not null and o.status <> 'canceled'
            and o.paid_at >= ${dayStarts(sql`${today} - ${DAYS_BACK}`)}
            and o.paid_at < ${dayStarts(sql`${today} + 1`)}
          group by grouping sets ((i.product_name), (i.fabric_code))
          having grouping(i.product_name) = 0 or i.fabric_code <> ${DEFAULT_FABRIC_CODE}
        ) ranked
        where rank <= ${BEST_SELLERS_SHOWN}
        order by "byFabric", rank`,
  );
  const list = (byFabric: boolean) =>
    rows
      .filter((row) => row.byFabric === byFabric)
      .map(({ name, units, revenueCents }) => ({ name, units, revenueCents }));
  return { bestProducts: list(false), bestFabrics: list(true) };
}

async function failedEmails({ db, tenantId }: StoreScope): Promise<SalesSummary["failedEmails"]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      error: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      // Counted before the limit: all of the store's failed emails.
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.tenantId, tenantId), eq(emailOutbox.status, "failed")))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(FAILED_EMAILS_NAMED);
  return { count: rows[0]?.total ?? 0, latest: rows.map(({ total: _total, ...email }) => email) };
}

/** Everything the dashboard shows beyond the product counts, for the store at `now`. */
export async function loadSalesSummary(scope: StoreScope, now = new Date()): Promise<SalesSummary> {
  const [workflow, unreadMessages, days, { bestProducts, bestFabrics }, failed] = await Promise.all([
    countWorkflowOrders(scope),
    countUnreadMessages(scope),
    dailySales(scope, now),
    bestSellers(scope, now),
    failedEmails(scope),
  ]);
  const sum = (entries: { netCents: number }[]) => entries.reduce((total, entry) => total + entry.netCents, 0);
  return {
    workflow,
    unreadMessages,
    thisMonthCents: sum(days.filter((day) => day.inMonth)),
    last30DaysCents: sum(days.slice(-RECENT_DAYS)),
    daily: days.map(({ day, netCents }) => ({ day, netCents })),
    bestProducts,
    bestFabrics,
    failedEmails: failed,
  };
}
