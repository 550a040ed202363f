CREATE INDEX "product_variants_updated_idx" ON "product_variants" USING btree ("business_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("business_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_tax_rate_idx" ON "products" USING btree ("business_id","tax_rate_id");--> statement-breakpoint
CREATE INDEX "stock_levels_updated_idx" ON "stock_levels" USING btree ("business_id","store_id","updated_at");