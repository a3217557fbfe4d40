import { and, count, desc, eq, max, sql } from "drizzle-orm";
import { DEFAULT_TENANT } from "../../core/constants.ts";
import type { DiagnosticsReport } from "../../core/diagnostics.ts";
import type { AdminIdentity, AppServices } from "../context.ts";
import { emailOutbox, paymentEvents, storeMembers } from "../db/schema.ts";
import type { StoreScope } from "../db/store-scope.ts";
import { paymentProvider } from "../payments/payment-provider.ts";
import { checkProducts } from "./product-check.ts";
import { rowsOf } from "../db/client.ts";
import { findTenantIssues, rowSecurityStatus, tenantCensus } from "./tenant-integrity.ts";

/** Issues listed by name; the rest are counted ('...and n more', SPEC §2). */
export const ISSUES_SHOWN = 5;
/** Failed emails listed with a retry; older ones are counted. */
export const FAILED_EMAILS_SHOWN = 20;

/** Everything the Diagnostics page shows, read for the signed-in owner's store. */
export async function buildDiagnosticsReport(
  services: AppServices,
  scope: StoreScope,
  user: AdminIdentity,
): Promise<DiagnosticsReport> {
  const { db, tenantId } = scope;
  const [membership, rowSecurity, productCheck, issues, tenants, emails, webhooks, migrations] = await Promise.all([
    db
      .select({ role: storeMembers.role, since: storeMembers.createdAt })
      .from(storeMembers)
      .where(and(eq(storeMembers.tenantId, tenantId), eq(storeMembers.userId, user.userId))),
    rowSecurityStatus(db),
    checkProducts(scope),
    findTenantIssues(scope, ISSUES_SHOWN),
    tenantCensus(scope),
    failedEmails(scope),
    webhookSummary(scope),
    migrationSummary(scope),
  ]);
  const { config } = services;
  return {
    ranAt: new Date(),
    auth: {
      userId: user.userId,
      email: user.email,
      name: user.name,
      tenantId,
      tenantLabel: tenantId === DEFAULT_TENANT ? "Default" : tenantId,
      membership: membership[0] ?? null,
      rowSecurity,
    },
    products: { ...productCheck, issues: issues.issues, issueCount: issues.total, tenants },
    emails,
    payments: {
      provider: paymentProvider(services).name,
      webhookSecretSet: Boolean(config.STRIPE_WEBHOOK_SECRET),
      webhookPath: "/api/webhooks/stripe",
      webhooks,
    },
    database: { engine: services.databases.engine, migrations },
  };
}

async function failedEmails({ db, tenantId }: StoreScope): Promise<DiagnosticsReport["emails"]> {
  const [failed, counts] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        lastError: emailOutbox.lastError,
        attempts: emailOutbox.attempts,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.tenantId, tenantId), eq(emailOutbox.status, "failed")))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(FAILED_EMAILS_SHOWN),
    db
      .select({
        failed: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'failed'))::int`,
        pending: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'pending'))::int`,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.tenantId, tenantId)),
  ]);
  return { failed, failedCount: counts[0]?.failed ?? 0, pendingCount: counts[0]?.pending ?? 0 };
}

async function webhookSummary({ db, tenantId }: StoreScope): Promise<DiagnosticsReport["payments"]["webhooks"]> {
  const [[summary], [last]] = await Promise.all([
    db
      .select({ count: count(), lastAt: max(paymentEvents.receivedAt) })
      .from(paymentEvents)
      .where(eq(paymentEvents.tenantId, tenantId)),
    db
      .select({ type: paymentEvents.type })
      .from(paymentEvents)
      .where(eq(paymentEvents.tenantId, tenantId))
      .orderBy(desc(paymentEvents.receivedAt))
      .limit(1),
  ]);
  return { count: summary?.count ?? 0, lastAt: summary?.lastAt ?? null, lastType: last?.type ?? null };
}

async function migrationSummary({ db }: StoreScope): Promise<DiagnosticsReport["database"]["migrations"]> {
  // created_at is the migration's own date (its journal time, in milliseconds), not when it ran.
  const [row] = await rowsOf<{ count: number; lastAt: Date | string | null }>(
    db,
    sql`select count(*)::int as count, to_timestamp(max(created_at) / 1000.0) as "lastAt"
        from drizzle.__drizzle_migrations`,
  );
  return { count: row?.count ?? 0, lastAt: row?.lastAt ? new Date(row.lastAt) : null };
}
