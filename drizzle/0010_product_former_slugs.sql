-- A product's former slugs, so the addresses it had before lead to it.
ALTER TABLE "products" ADD COLUMN "former_slugs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_former_slugs" ON "products" USING gin ("former_slugs");