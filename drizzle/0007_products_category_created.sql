DROP INDEX "products_category";--> statement-breakpoint
CREATE INDEX "products_category_created" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST);