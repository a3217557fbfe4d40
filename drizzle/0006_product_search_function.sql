-- Product search for one store. Under row security a query's own conditions run after the
-- row policy unless they are leakproof, and LIKE is not: the trigram indexes on lower(name)
-- and lower(description) could not serve a search made as selvage_app, which read every
-- product of the store. This function runs as the owner (SECURITY DEFINER) so the planner
-- may use the indexes, and answers what row security would let the caller see: products of
-- the store set in app.tenant_id, or of any store for a caller that bypasses row security
-- itself (a superuser or BYPASSRLS role acting with no role set). Anyone else gets nothing.
CREATE FUNCTION search_product_ids(store text, pattern text, max_rows integer)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF store IS DISTINCT FROM current_setting('app.tenant_id', true) AND NOT (
    current_setting('role') = 'none'
    AND EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = session_user AND (r.rolsuper OR r.rolbypassrls))
  ) THEN
    RETURN;
  END IF;
  -- EXECUTE plans each search for its own pattern: a word most products have is found
  -- fastest newest first along products_tenant_created (hence its NULLS LAST), a rare one
  -- through the trigram indexes.
  RETURN QUERY EXECUTE
    'SELECT p.id FROM products p
      WHERE p.tenant_id = $1
        AND (lower(p.name) LIKE $2 ESCAPE ''\'' OR lower(p.description) LIKE $2 ESCAPE ''\'')
      ORDER BY p.created_at DESC NULLS LAST, p.id
      LIMIT $3'
    USING store, pattern, max_rows;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION search_product_ids(text, text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_product_ids(text, text, integer) TO selvage_app;
