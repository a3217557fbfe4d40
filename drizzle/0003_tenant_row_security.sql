CREATE TABLE "category_redirects" (
	"tenant_id" text NOT NULL,
	"slug" text NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_redirects_tenant_id_slug_pk" PRIMARY KEY("tenant_id","slug")
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "tenant_id" text;--> statement-breakpoint
-- Events handled before stores were told apart belong to the store whose order they named, else to the first store.
UPDATE "payment_events" SET "tenant_id" = (SELECT "id" FROM "tenants" ORDER BY "created_at" LIMIT 1);--> statement-breakpoint
DELETE FROM "payment_events" WHERE "tenant_id" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_redirects_category" ON "category_redirects" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Row-level security: the second line of defence behind every query's own tenant filter.
-- The application runs as selvage_app (not a superuser, not the tables' owner, not exempt
-- from row security) with the request's store in the setting app.tenant_id; each store's
-- tables show and accept only rows of that store. With no store set, they show nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'selvage_app') THEN
    CREATE ROLE selvage_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- another database on this server created it at the same moment
  NULL;
END $$;--> statement-breakpoint
DO $$
BEGIN
  -- the connecting role switches to selvage_app after migrating (SET ROLE needs membership)
  EXECUTE format('GRANT selvage_app TO %I', current_user);
EXCEPTION WHEN unique_violation THEN
  NULL;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO selvage_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO selvage_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO selvage_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO selvage_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO selvage_app;--> statement-breakpoint
-- Diagnostics reports which migrations the running database has.
GRANT USAGE ON SCHEMA drizzle TO selvage_app;--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO selvage_app;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_settings', 'store_members', 'categories', 'category_redirects', 'products',
    'product_fabrics', 'fabric_library', 'orders', 'order_items', 'payments', 'payment_events',
    'contact_messages', 'email_outbox']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = current_setting(''app.tenant_id'', true)) '
      'WITH CHECK (tenant_id = current_setting(''app.tenant_id'', true))', t);
  END LOOP;
END $$;--> statement-breakpoint
-- Rows whose store differs from the row they belong to (an option and its product, an item
-- and its order, a product and its category…), involving the current store. Row security
-- hides the other store's half, so these run as the owner (SECURITY DEFINER).
CREATE FUNCTION tenant_issues()
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
$$;--> statement-breakpoint
-- Repairs what tenant_issues() finds, in the caller's transaction: a row that belongs to
-- another row joins that row's store; a reference across stores is cut (an order item
-- keeps its snapshot, an option becomes the product's own) or re-pointed (a product moves
-- to a category of its own store). Answers the number of rows repaired.
CREATE FUNCTION apply_tenant_rls_fix()
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
  RETURN fixed;
END $$;--> statement-breakpoint
-- Products and categories of every store the current store's rows touch, for diagnostics'
-- "database count" beside the count the storefront shows.
CREATE FUNCTION tenant_census()
RETURNS TABLE (tenant_id text, products bigint, categories bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH me AS (SELECT current_setting('app.tenant_id', true) AS tenant),
  related AS (
    SELECT me.tenant AS tenant_id FROM me
    UNION SELECT row_tenant FROM tenant_issues() UNION SELECT parent_tenant FROM tenant_issues()
  )
  SELECT r.tenant_id,
    (SELECT count(*) FROM products p WHERE p.tenant_id = r.tenant_id),
    (SELECT count(*) FROM categories c WHERE c.tenant_id = r.tenant_id)
  FROM related r WHERE r.tenant_id IS NOT NULL AND r.tenant_id <> ''
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_issues(), apply_tenant_rls_fix(), tenant_census() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_issues(), apply_tenant_rls_fix(), tenant_census() TO selvage_app;
