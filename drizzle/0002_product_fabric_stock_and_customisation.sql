ALTER TABLE "product_fabrics" ADD COLUMN "in_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_fabrics" ADD COLUMN "upcharge_custom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_fabrics" ADD COLUMN "images_custom" boolean DEFAULT false NOT NULL;