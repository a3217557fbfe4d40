// The Diagnostics report's shapes, shared by the server that reads it
// (server/diagnostics/) and the page that shows it.

export interface TableSecurity {
  table: string;
  enabled: boolean;
  forced: boolean;
  policies: string[];
}

export interface RowSecurityStatus {
  tables: TableSecurity[];
  /** Every table enabled, forced and with a policy, and the queries' role exempt from none of it. */
  protected: boolean;
  role: string;
  roleBypassesSecurity: boolean;
}

export interface TenantIssue {
  kind: string;
  rowId: string;
  rowTenant: string;
  parentTenant: string;
}

export interface TenantCensus {
  tenantId: string;
  products: number;
  categories: number;
}

/** The store's products as the database holds them beside what its storefront shows. */
export interface ProductCheck {
  /** Rows of this store in the products table. */
  databaseCount: number;
  /** Products the storefront lists (its own listing, so the same joins and filters). */
  storefrontCount: number;
  /** Of those, the ones a shopper can buy (core/product-availability.ts). */
  availableCount: number;
  /** The store's categories with the number of its products in each. */
  categories: { slug: string; name: string; products: number }[];
}

export interface DiagnosticsReport {
  ranAt: Date;
  auth: {
    userId: string;
    email: string;
    name: string;
    tenantId: string;
    /** 'Default' for the default store, else its id (SPEC §2). */
    tenantLabel: string;
    membership: { role: string; since: Date } | null;
    rowSecurity: RowSecurityStatus;
  };
  products: ProductCheck & {
    issues: TenantIssue[];
    issueCount: number;
    tenants: TenantCensus[];
  };
  emails: {
    failed: {
      id: string;
      kind: string;
      to: string;
      subject: string;
      lastError: string | null;
      attempts: number;
      createdAt: Date;
    }[];
    failedCount: number;
    pendingCount: number;
  };
  payments: {
    provider: "stripe" | "test";
    webhookSecretSet: boolean;
    webhookPath: string;
    webhooks: { count: number; lastAt: Date | null; lastType: string | null };
  };
  database: {
    engine: "pglite" | "postgres";
    migrations: { count: number; lastAt: Date | null };
  };
}

/** The Diagnostics action's answer. */
export interface DiagnosticsAnswer {
  intent: "fix-tenant-issues" | "retry-email" | null;
  ok: boolean;
  message: string;
  /** Rows repaired by the fix. */
  fixed?: number;
}

/** The home page's 'Check for Products' answer (SPEC §7). */
export type ProductCheckAnswer = { ok: true; check: ProductCheck } | { ok: false; message: string };

export const PRODUCT_CHECK_FAILED = "Error checking products";
