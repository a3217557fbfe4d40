CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"amount_cents" integer,
	"actor" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_key" text NOT NULL,
	"provider_refund_id" text,
	"failure_message" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "contact_messages_tenant_created";--> statement-breakpoint
DROP INDEX "orders_tenant_created";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "spam_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_location" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pickup_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_tenant_request" ON "refunds" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "refunds_order" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_tenant_inbox" ON "contact_messages" USING btree ("tenant_id","spam","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_order" ON "email_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_tenant_status_created" ON "orders" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_tenant_paid" ON "orders" USING btree ("tenant_id","paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_tenant_created" ON "orders" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."total_cents");--> statement-breakpoint
-- Emails queued before they named their order: the order's confirmation and owner notice.
UPDATE "email_outbox" m SET "order_id" = o."id" FROM "orders" o
  WHERE m."order_id" IS NULL AND o."tenant_id" = m."tenant_id"
    AND m."dedupe_key" IN ('order-confirmation:' || o."id", 'order-owner:' || o."id");--> statement-breakpoint
-- The new store-owned tables get the same row security as the others (migration 0003).
GRANT SELECT, INSERT, UPDATE, DELETE ON "order_events", "refunds" TO selvage_app;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['order_events', 'refunds']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = current_setting(''app.tenant_id'', true)) '
      'WITH CHECK (tenant_id = current_setting(''app.tenant_id'', true))', t);
  END LOOP;
END $$;--> statement-breakpoint
-- Diagnostics' cross-store checks and repairs learn the new tables (see 0003).
CREATE OR REPLACE FUNCTION tenant_issues()
RETURNS TABLE (kind text, row_id text, row_tenant text, parent_tenant text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH me AS (SELECT current_setting('app.tenant_id', true) AS tenant)
  SELECT 'product option'::text, f.id::text, f.tenant_id, p.tenant_id
    FROM product_fabrics f JOIN products p ON p.id = f.product_id, me
    WHERE f.tenant_id <> p.tenant_id AND me.tenant IN (f.tenant_id, p.tenant_id)
  UNION ALL
  SELECT 'product category', p.id::text, p.tenant_id, c.tenant_id
    FROM products p JOIN categories c ON c.id = p.category_id, me
    WHERE p.tenant_id <> c.tenant_id AND me.tenant IN (p.tenant_id, c.tenant_id)
  UNION ALL
  SELECT 'library fabric link', f.id::text, f.tenant_id, l.tenant_id
    FROM product_fabrics f JOIN fabric_library l ON l.id = f.library_fabric_id, me
    WHERE f.tenant_id <> l.tenant_id AND me.tenant IN (f.tenant_id, l.tenant_id)
  UNION ALL
  SELECT 'order item', i.id::text, i.tenant_id, o.tenant_id
    FROM order_items i JOIN orders o ON o.id = i.order_id, me
    WHERE i.tenant_id <> o.tenant_id AND me.tenant IN (i.tenant_id, o.tenant_id)
  UNION ALL
  SELECT 'order item product', i.id::text, i.tenant_id, p.tenant_id
    FROM order_items i JOIN products p ON p.id = i.product_id, me
    WHERE i.tenant_id <> p.tenant_id AND me.tenant IN (i.tenant_id, p.tenant_id)
  UNION ALL
  SELECT 'payment', pay.id::text, pay.tenant_id, o.tenant_id
    FROM payments pay JOIN orders o ON o.id = pay.order_id, me
    WHERE pay.tenant_id <> o.tenant_id AND me.tenant IN (pay.tenant_id, o.tenant_id)
  UNION ALL
  SELECT 'category redirect', r.slug, r.tenant_id, c.tenant_id
    FROM category_redirects r JOIN categories c ON c.id = r.category_id, me
    WHERE r.tenant_id <> c.tenant_id AND me.tenant IN (r.tenant_id, c.tenant_id)
  UNION ALL
  SELECT 'order event', e.id::text, e.tenant_id, o.tenant_id
    FROM order_events e JOIN orders o ON o.id = e.order_id, me
    WHERE e.tenant_id <> o.tenant_id AND me.tenant IN (e.tenant_id, o.tenant_id)
  UNION ALL
  SELECT 'refund', r.id::text, r.tenant_id, o.tenant_id
    FROM refunds r JOIN orders o ON o.id = r.order_id, me
    WHERE r.tenant_id <> o.tenant_id AND me.tenant IN (r.tenant_id, o.tenant_id)
  UNION ALL
  SELECT 'order email', m.id::text, m.tenant_id, o.tenant_id
    FROM email_outbox m JOIN orders o ON o.id = m.order_id, me
    WHERE m.tenant_id <> o.tenant_id AND me.tenant IN (m.tenant_id, o.tenant_id)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION apply_tenant_rls_fix()
RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  me text := current_setting('app.tenant_id', true);
  n integer;
  fixed integer := 0;
BEGIN
  IF me IS NULL OR me = '' THEN
    RETURN 0;
  END IF;
  UPDATE product_fabrics f SET tenant_id = p.tenant_id FROM products p
    WHERE p.id = f.product_id AND f.tenant_id <> p.tenant_id AND me IN (f.tenant_id, p.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  -- A product in another store's category moves to its own store's category of that slug, else its first.
  UPDATE products p SET updated_at = now(), category_id = (
      SELECT o.id FROM categories o WHERE o.tenant_id = p.tenant_id
      ORDER BY (o.slug = c.slug) DESC, o.sort_order, o.name LIMIT 1)
    FROM categories c
    WHERE c.id = p.category_id AND p.tenant_id <> c.tenant_id AND me IN (p.tenant_id, c.tenant_id)
      AND EXISTS (SELECT 1 FROM categories o WHERE o.tenant_id = p.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  UPDATE product_fabrics f SET library_fabric_id = NULL, upcharge_custom = true, images_custom = true
    FROM fabric_library l
    WHERE l.id = f.library_fabric_id AND f.tenant_id <> l.tenant_id AND me IN (f.tenant_id, l.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  UPDATE order_items i SET tenant_id = o.tenant_id FROM orders o
    WHERE o.id = i.order_id AND i.tenant_id <> o.tenant_id AND me IN (i.tenant_id, o.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  UPDATE order_items i SET product_id = NULL FROM products p
    WHERE p.id = i.product_id AND i.tenant_id <> p.tenant_id AND me IN (i.tenant_id, p.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  UPDATE payments pay SET tenant_id = o.tenant_id FROM orders o
    WHERE o.id = pay.order_id AND pay.tenant_id <> o.tenant_id AND me IN (pay.tenant_id, o.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  DELETE FROM category_redirects r USING categories c
    WHERE c.id = r.category_id AND r.tenant_id <> c.tenant_id AND me IN (r.tenant_id, c.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  UPDATE order_events e SET tenant_id = o.tenant_id FROM orders o
    WHERE o.id = e.order_id AND e.tenant_id <> o.tenant_id AND me IN (e.tenant_id, o.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  UPDATE refunds r SET tenant_id = o.tenant_id FROM orders o
    WHERE o.id = r.order_id AND r.tenant_id <> o.tenant_id AND me IN (r.tenant_id, o.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  -- An email stays with the store that sent it; only its link to another store's order is cut.
  UPDATE email_outbox m SET order_id = NULL FROM orders o
    WHERE o.id = m.order_id AND m.tenant_id <> o.tenant_id AND me IN (m.tenant_id, o.tenant_id);
  GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
  RETURN fixed;
END $$;
