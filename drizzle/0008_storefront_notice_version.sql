-- The notice names the version the write raised its store to ("<store>:<version>"). An app
-- process that heard it then knows that version, and its poll (the safety net for missed
-- notices) does not drop the same store's pages and values a second time for one change.
CREATE OR REPLACE FUNCTION storefront_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  store text;
  raised bigint;
BEGIN
  FOR store IN SELECT DISTINCT tenant_id FROM changed_rows LOOP
    raised := NULL;
    -- A store being deleted (cascading to its rows) has no version left to raise.
    INSERT INTO storefront_versions (tenant_id, version)
      SELECT store, 1 WHERE EXISTS (SELECT 1 FROM tenants WHERE id = store)
      ON CONFLICT (tenant_id) DO UPDATE SET version = storefront_versions.version + 1, updated_at = now()
      RETURNING version INTO raised;
    PERFORM pg_notify('storefront_changed', CASE WHEN raised IS NULL THEN store ELSE store || ':' || raised END);
  END LOOP;
  RETURN NULL;
END $$;
