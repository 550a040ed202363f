ALTER TABLE "product_variants" ADD COLUMN "vendor_item_code" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "last_cost_minor" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preferred_vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_preferred_vendor_id_contacts_business_id_id_fk" FOREIGN KEY ("business_id","preferred_vendor_id") REFERENCES "public"."contacts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_preferred_vendor_idx" ON "products" USING btree ("business_id","preferred_vendor_id");