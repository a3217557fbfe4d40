import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client.ts";
import type { RowSecurityStatus, TableSecurity, TenantCensus, TenantIssue } from "../../core/diagnostics.ts";
import type { StoreScope } from "../db/store-scope.ts";

// The store's tenancy as PostgreSQL sees it: row-level security on every table that
// carries a tenant_id, rows whose store differs from their parent's, and the repair.
// tenant_issues(), apply_tenant_rls_fix() and tenant_census() are drizzle/0003's.

/** Row-level security of every table of schema public with a tenant_id column, read from the catalogue. */
export async function rowSecurityStatus(db: Database): Promise<RowSecurityStatus> {
  const [tables, [role]] = await Promise.all([
    rowsOf<TableSecurity>(
      db,
      sql`select c.relname::text as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            coalesce((select array_agg(p.policyname::text order by p.policyname)
                        from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname),
                     '{}'::text[]) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and exists (select 1 from pg_attribute a
                         where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
          order by c.relname`,
    ),
    rowsOf<{ role: string; bypass: boolean }>(
      db,
      sql`select current_user::text as role, (r.rolsuper or r.rolbypassrls) as bypass
          from pg_roles r where r.rolname = current_user`,
    ),
  ]);
  const bypass = role?.bypass ?? true;
  return {
    tables,
    protected: tables.length > 0 && !bypass && tables.every((t) => t.enabled && t.forced && t.policies.length > 0),
    role: role?.role ?? "unknown",
    roleBypassesSecurity: bypass,
  };
}

/** The first `limit` inconsistencies involving this store, and how many there are in all. */
export async function findTenantIssues(
  { db }: StoreScope,
  limit: number,
): Promise<{ total: number; issues: TenantIssue[] }> {
  const rows = await rowsOf<TenantIssue & { total: number }>(
    db,
    sql`select kind, row_id as "rowId", row_tenant as "rowTenant", parent_tenant as "parentTenant",
          (count(*) over ())::int as total
        from tenant_issues() order by kind, row_id limit ${limit}`,
  );
  return { total: rows[0]?.total ?? 0, issues: rows.map(({ total: _total, ...issue }) => issue) };
}

/** Repairs every inconsistency involving this store in one transaction; answers the rows repaired. */
export async function fixTenantIssues({ db }: StoreScope): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ fixed: number }>(tx, sql`select apply_tenant_rls_fix() as fixed`);
    return Number(row?.fixed ?? 0);
  });
}

/** This store and every store its rows are tangled with, each with its products and categories. */
export function tenantCensus({ db }: StoreScope): Promise<TenantCensus[]> {
  return rowsOf<TenantCensus>(
    db,
    sql`select tenant_id as "tenantId", products::int as products, categories::int as categories
        from tenant_census() order by tenant_id`,
  );
}
