import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { OrderStatus, ShippingAddress } from "../../core/orders.ts";

// Money is integer cents everywhere; formatting to "$12.50" happens only at the edge.
// Every tenant-owned table carries tenant_id, and tenant_id leads its unique keys.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  text("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

// ---------------------------------------------------------------- stores

export const tenants = pgTable("tenants", {
  id: text("id").primaryKey(),
  createdAt: createdAt(),
});

export const storeSettings = pgTable("store_settings", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  storeName: text("store_name").notNull(),
  contactEmail: text("contact_email").notNull(),
  contactPhone: text("contact_phone").notNull().default(""),
  logoUrl: text("logo_url"),
  primaryColor: text("primary_color").notNull().default("#D4AF37"),
  textColor: text("text_color").notNull().default("#1F1E1D"),
  bgColor: text("bg_color").notNull().default("#FDFCF7"),
  defaultProductDescription: text("default_product_description").notNull().default(""),
  /** Where and when customers collect orders: the "ready for pickup" email tells them. */
  pickupLocation: text("pickup_location").notNull().default(""),
  pickupHours: text("pickup_hours").notNull().default(""),
  updatedAt: updatedAt(),
});

/**
 * A counter per store, raised by triggers (drizzle/0005) in the same transaction as any
 * write to what shoppers see; app processes drop their cached pages when it moves.
 */
export const storefrontVersions = pgTable("storefront_versions", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_tenant_slug").on(t.tenantId, t.slug)],
);

/** A category's former URL slugs: links to /category/{old} keep working after a rename or a delete. */
export const categoryRedirects = pgTable(
  "category_redirects",
  {
    tenantId: tenantId(),
    slug: text("slug").notNull(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.slug] }), index("category_redirects_category").on(t.categoryId)],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    hasFabricSelection: boolean("has_fabric_selection").notNull().default(true),
    defaultImages: jsonb("default_images").$type<string[]>().notNull().default([]),
    source: text("source").notNull(),
    /** Slugs the product had before, newest last: their addresses lead to it (301). */
    formerSlugs: text("former_slugs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_tenant_slug").on(t.tenantId, t.slug),
    index("products_former_slugs").using("gin", t.formerSlugs),
    index("products_tenant_created").on(t.tenantId, t.createdAt.desc()),
    // A category's products newest first: the category page and each category's tile picture.
    index("products_category_created").on(t.categoryId, t.createdAt.desc()),
    // Case-insensitive substring search stays fast on large catalogues. Written through (no
    // fastupdate): products change rarely, and a search would otherwise read every row added
    // since the last vacuum from the index's pending list (up to 4 MB; a small shop's vacuum
    // may not come for months).
    index("products_name_trgm")
      .using("gin", sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("products_description_trgm")
      .using("gin", sql`lower(${t.description}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    check("products_price_positive", sql`${t.priceCents} > 0`),
  ],
);

export const productFabrics = pgTable(
  "product_fabrics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    label: text("label").notNull(),
    swatchUrl: text("swatch_url").notNull().default(""),
    upchargeCents: integer("upcharge_cents").notNull().default(0),
    /** Product images shown instead of the defaults while this fabric is chosen. */
    imgOverride: jsonb("img_override").$type<string[]>().notNull().default([]),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The library fabric this option was added from; the library's stock reaches the product through it. */
    libraryFabricId: uuid("library_fabric_id").references(() => fabricLibrary.id, { onDelete: "set null" }),
    /** A copy of the library fabric's stock (kept in step by every library save); manual options are always in stock. */
    inStock: boolean("in_stock").notNull().default(true),
    /** The product set its own upcharge: the library's price no longer reaches it. */
    upchargeCustom: boolean("upcharge_custom").notNull().default(false),
    /** The product set its own pictures for this fabric: the library's no longer reach it. */
    imagesCustom: boolean("images_custom").notNull().default(false),
  },
  (t) => [
    uniqueIndex("product_fabrics_tenant_product_code").on(t.tenantId, t.productId, t.code),
    index("product_fabrics_product").on(t.productId),
    index("product_fabrics_library_fabric").on(t.libraryFabricId),
    check("product_fabrics_upcharge_nonnegative", sql`${t.upchargeCents} >= 0`),
  ],
);

export const fabricLibrary = pgTable(
  "fabric_library",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull(),
    customColor: text("custom_color").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    swatchUrl: text("swatch_url").notNull(),
    inStock: boolean("in_stock").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("fabric_library_tenant_code").on(t.tenantId, t.code),
    index("fabric_library_tenant_sort").on(t.tenantId, t.sortOrder),
    check("fabric_library_price_nonnegative", sql`${t.priceCents} >= 0`),
  ],
);

// ---------------------------------------------------------------- orders and payments

export type { OrderStatus, ShippingAddress };

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderNumber: text("order_number").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("awaiting_payment"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    orderNotes: text("order_notes").notNull().default(""),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    /** The provider's checkout session id, known once the hosted page is created. */
    paymentSessionId: text("payment_session_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The sum of the order's refunds that went through; never more than was paid. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_tenant_number").on(t.tenantId, t.orderNumber),
    uniqueIndex("orders_payment_session").on(t.paymentSessionId),
    // The owner's order list pages by (created_at, id), newest first, with or without a status.
    index("orders_tenant_created").on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index("orders_tenant_status_created").on(t.tenantId, t.status, t.createdAt.desc(), t.id.desc()),
    // Sales over a period (the dashboard's revenue and chart).
    index("orders_tenant_paid")
      .on(t.tenantId, t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    check("orders_total_is_subtotal_plus_shipping", sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents}`),
    check("orders_refunded_within_total", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
  ],
);

export const ORDER_EVENT_KINDS = ["status", "refund"] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/**
 * An order's history beyond its own columns: each status change the owner made and each
 * refund, with who did it. (Placing, paying and the emails sent are read from the order,
 * its payment and the outbox.)
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OrderEventKind>().notNull(),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>(),
    amountCents: integer("amount_cents"),
    /** Who did it: the signed-in owner's email, or "Customer", "System". */
    actor: text("actor").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order").on(t.orderId, t.createdAt)],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Refunds the owner asked for. A refund is written `pending` (holding its amount against
 * what remains refundable) before the provider is called, so two at once can never
 * refund more than was paid; it then becomes `succeeded` or `failed`.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    /** The refund form's one-time key: the same form sent twice makes one refund. */
    requestKey: text("request_key").notNull(),
    providerRefundId: text("provider_refund_id"),
    failureMessage: text("failure_message"),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refunds_tenant_request").on(t.tenantId, t.requestKey),
    index("refunds_order").on(t.orderId),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Kept as a snapshot: the product may change or disappear after the sale.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    fabricCode: text("fabric_code").notNull(),
    fabricLabel: text("fabric_label").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    position: integer("position").notNull(),
  },
  (t) => [index("order_items_order").on(t.orderId), check("order_items_quantity_positive", sql`${t.quantity} > 0`)],
);

/** The spec's purchase records: one per paid checkout session. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [uniqueIndex("payments_session").on(t.sessionId), uniqueIndex("payments_order").on(t.orderId)],
);

/** Provider events already handled, so a redelivered webhook does nothing twice. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  tenantId: tenantId(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- messages and email

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    message: text("message").notNull(),
    /** When the owner first opened it; null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Caught by the contact form's spam rules: kept aside, never emailed. */
    spam: boolean("spam").notNull().default(false),
    spamReason: text("spam_reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_tenant_inbox").on(t.tenantId, t.spam, t.createdAt.desc(), t.id.desc())],
);

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Durable outbox: an email is written with the event that causes it and sent in the background. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    kind: text("kind").notNull(),
    /** Makes enqueueing idempotent: the same event never queues the same email twice. */
    dedupeKey: text("dedupe_key").notNull(),
    /** The order the email is about, for its timeline. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_outbox_tenant_dedupe").on(t.tenantId, t.dedupeKey),
    index("email_outbox_due").on(t.status, t.nextAttemptAt),
    index("email_outbox_order").on(t.orderId),
  ],
);

// ---------------------------------------------------------------- auth (better-auth's tables)

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier").on(t.identifier)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Who may manage a store: the spec's `selvage_access` flag / apps list, kept as a membership. */
export const storeMembers = pgTable(
  "store_members",
  {
    tenantId: tenantId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("owner"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
