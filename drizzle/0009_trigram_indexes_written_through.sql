-- Search indexes written through: a search no longer reads a pending list of every product added since the last vacuum.
ALTER INDEX "products_name_trgm" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "products_description_trgm" SET (fastupdate = false);--> statement-breakpoint
-- What is pending now goes into the indexes at once.
SELECT gin_clean_pending_list('products_name_trgm'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_description_trgm'::regclass);
