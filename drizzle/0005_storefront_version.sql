CREATE TABLE "storefront_versions" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storefront_versions" ADD CONSTRAINT "storefront_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The new store-owned table gets the same row security as the others (migration 0003).
GRANT SELECT, INSERT, UPDATE, DELETE ON "storefront_versions" TO selvage_app;--> statement-breakpoint
ALTER TABLE "storefront_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "storefront_versions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "storefront_versions"
  USING (tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Any write to what shoppers see raises its store's version and sends its store's id on
-- storefront_changed, in the writing transaction: the notice leaves at commit, or never.
-- Statement-level triggers read the stores from the changed rows (transition tables), so a
-- statement that changes nothing invalidates nothing, and a write made outside any store's
-- binding (a migration, a repair) still names the right stores. It runs as the writer, so
-- row security applies to the version row as to the write itself.
CREATE FUNCTION storefront_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  store text;
BEGIN
  FOR store IN SELECT DISTINCT tenant_id FROM changed_rows LOOP
    -- A store being deleted (cascading to its rows) has no version left to raise.
    INSERT INTO storefront_versions (tenant_id, version)
      SELECT store, 1 WHERE EXISTS (SELECT 1 FROM tenants WHERE id = store)
      ON CONFLICT (tenant_id) DO UPDATE SET version = storefront_versions.version + 1, updated_at = now();
    PERFORM pg_notify('storefront_changed', store);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A trigger with a transition table takes one kind of event, hence three per table.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_settings', 'categories', 'category_redirects', 'products', 'product_fabrics',
    'fabric_library']
  LOOP
    EXECUTE format('CREATE TRIGGER storefront_inserted AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION storefront_changed()', t);
    EXECUTE format('CREATE TRIGGER storefront_updated AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION storefront_changed()', t);
    EXECUTE format('CREATE TRIGGER storefront_deleted AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION storefront_changed()', t);
  END LOOP;
END $$;--> statement-breakpoint
-- Stores that exist already start at version 0.
INSERT INTO storefront_versions (tenant_id) SELECT id FROM tenants ON CONFLICT DO NOTHING;
