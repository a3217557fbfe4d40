-- Search results come a page at a time: the search function skips the pages before the one
-- asked for. Otherwise as in 0006 (why it runs as the owner, and who may see what).
DROP FUNCTION search_product_ids(text, text, integer);--> statement-breakpoint
CREATE FUNCTION search_product_ids(store text, pattern text, max_rows integer, skip_rows integer)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF store IS DISTINCT FROM current_setting('app.tenant_id', true) AND NOT (
    current_setting('role') = 'none'
    AND EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = session_user AND (r.rolsuper OR r.rolbypassrls))
  ) THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT p.id FROM products p
      WHERE p.tenant_id = $1
        AND (lower(p.name) LIKE $2 ESCAPE ''\'' OR lower(p.description) LIKE $2 ESCAPE ''\'')
      ORDER BY p.created_at DESC NULLS LAST, p.id
      LIMIT $3 OFFSET $4'
    USING store, pattern, max_rows, skip_rows;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION search_product_ids(text, text, integer, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_product_ids(text, text, integer, integer) TO selvage_app;
