-- Trigram search on product names and SKUs (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_business_id_store_id_kind_pk" PRIMARY KEY("business_id","store_id","kind")
);
--> statement-breakpoint
CREATE TABLE "product_barcodes" (
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"symbology" text NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_barcodes_business_id_code_pk" PRIMARY KEY("business_id","code")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_business_id_product_id_pk" PRIMARY KEY("business_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"cost_price_minor" bigint DEFAULT 0 NOT NULL,
	"selling_price_minor" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "product_variants_prices" CHECK ("product_variants"."cost_price_minor" >= 0 and "product_variants"."selling_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"unit" text NOT NULL,
	"tax_rate_id" uuid,
	"is_tracked" boolean DEFAULT true NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"image_version" integer,
	"is_archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "products_unit" CHECK ("products"."unit" in ('each', 'kg', 'g', 'l', 'ml', 'm', 'pack'))
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"number" text NOT NULL,
	"reason_code" text NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"business_id" uuid NOT NULL,
	"count_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"counted_quantity" numeric(14, 3),
	"counted_at" timestamp with time zone,
	"expected_quantity" numeric(14, 3),
	CONSTRAINT "stock_count_lines_business_id_count_id_variant_id_pk" PRIMARY KEY("business_id","count_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_counts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "stock_counts_status" CHECK ("stock_counts"."status" in ('open', 'posted', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT '0' NOT NULL,
	"reorder_level" numeric(14, 3),
	"reorder_quantity" numeric(14, 3),
	"selling_price_minor" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_business_id_store_id_variant_id_pk" PRIMARY KEY("business_id","store_id","variant_id"),
	CONSTRAINT "stock_levels_store_price" CHECK ("stock_levels"."selling_price_minor" is null or "stock_levels"."selling_price_minor" >= 0),
	CONSTRAINT "stock_levels_reorder" CHECK (("stock_levels"."reorder_level" is null or "stock_levels"."reorder_level" >= 0) and ("stock_levels"."reorder_quantity" is null or "stock_levels"."reorder_quantity" >= 0))
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"delta" numeric(14, 3) NOT NULL,
	"on_hand_after" numeric(14, 3) NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" uuid,
	"note" text,
	"actor_account_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."reason" in ('sale', 'refund', 'purchase_receipt', 'vendor_return', 'waste', 'adjustment', 'count', 'transfer_in', 'transfer_out')),
	CONSTRAINT "stock_movements_nonzero" CHECK ("stock_movements"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"business_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	CONSTRAINT "stock_transfer_lines_business_id_transfer_id_variant_id_pk" PRIMARY KEY("business_id","transfer_id","variant_id"),
	CONSTRAINT "stock_transfer_lines_positive" CHECK ("stock_transfer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"from_store_id" uuid NOT NULL,
	"to_store_id" uuid NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"note" text,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" uuid,
	"received_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_transfers_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "stock_transfers_status" CHECK ("stock_transfers"."status" in ('in_transit', 'received', 'cancelled')),
	CONSTRAINT "stock_transfers_two_stores" CHECK ("stock_transfers"."from_store_id" <> "stock_transfers"."to_store_id")
);
--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_business_id_store_id_stores_business_id_id_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_barcodes" ADD CONSTRAINT "product_barcodes_business_id_variant_id_product_variants_business_id_id_fk" FOREIGN KEY ("business_id","variant_id") REFERENCES "public"."product_variants"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_category_id_categories_business_id_id_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_tax_rate_id_tax_rates_business_id_id_fk" FOREIGN KEY ("business_id","tax_rate_id") REFERENCES "public"."tax_rates"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_business_id_count_id_stock_counts_business_id_id_fk" FOREIGN KEY ("business_id","count_id") REFERENCES "public"."stock_counts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_business_id_store_id_stores_business_id_id_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_business_id_variant_id_product_variants_business_id_id_fk" FOREIGN KEY ("business_id","variant_id") REFERENCES "public"."product_variants"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_business_id_transfer_id_stock_transfers_business_id_id_fk" FOREIGN KEY ("business_id","transfer_id") REFERENCES "public"."stock_transfers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_barcodes_variant_idx" ON "product_barcodes" USING btree ("business_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_id_key" ON "product_variants" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("business_id",upper("sku"));--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("business_id","product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_id_key" ON "products" USING btree ("id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("business_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("business_id","category_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_adjustments_number_key" ON "stock_adjustments" USING btree ("business_id","store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_number_key" ON "stock_counts" USING btree ("business_id","store_id","number");--> statement-breakpoint
CREATE INDEX "stock_counts_store_idx" ON "stock_counts" USING btree ("business_id","store_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_levels_product_idx" ON "stock_levels" USING btree ("business_id","store_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("business_id","store_id","variant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("business_id","product_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_ref_idx" ON "stock_movements" USING btree ("business_id","ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfers_number_key" ON "stock_transfers" USING btree ("business_id","from_store_id","number");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("business_id","from_store_id","sent_at");--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("business_id","to_store_id","sent_at");--> statement-breakpoint
-- The stock ledger is append-only, like the audit trail: a correction is a new movement.
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_no_update_or_delete BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
--> statement-breakpoint
CREATE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_append_only();
