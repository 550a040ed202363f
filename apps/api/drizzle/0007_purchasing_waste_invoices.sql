CREATE TABLE "invoice_lines" (
	"business_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"description" text NOT NULL,
	"sku" text,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"discount" jsonb,
	"gross_minor" bigint NOT NULL,
	"line_discount_minor" bigint NOT NULL,
	"cart_discount_minor" bigint NOT NULL,
	"tax_rate_id" uuid,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"tax_inclusive" boolean DEFAULT true NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"unit_cost_minor" bigint,
	CONSTRAINT "invoice_lines_business_id_invoice_id_line_no_pk" PRIMARY KEY("business_id","invoice_id","line_no"),
	CONSTRAINT "invoice_lines_quantity" CHECK ("invoice_lines"."quantity" > 0 and "invoice_lines"."unit_price_minor" >= 0),
	CONSTRAINT "invoice_lines_kind" CHECK (("invoice_lines"."variant_id" is null) = ("invoice_lines"."product_id" is null))
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" text,
	"provider" text,
	"phone" text,
	"paid_on" date NOT NULL,
	"note" text,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "invoice_payments_method" CHECK ("invoice_payments"."method" in ('cash', 'card', 'bank_transfer', 'mobile_money')),
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"number" text,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"notes" text,
	"terms" text,
	"cart_discount" jsonb,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_by" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoices_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('draft', 'issued', 'paid', 'void')),
	CONSTRAINT "invoices_numbered" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null)),
	CONSTRAINT "invoices_dates" CHECK ("invoices"."due_date" >= "invoices"."issue_date"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal_minor" >= 0 and "invoices"."discount_minor" >= 0 and "invoices"."tax_minor" >= 0 and "invoices"."total_minor" >= 0 and "invoices"."paid_minor" >= 0 and "invoices"."paid_minor" <= "invoices"."total_minor")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity_ordered" numeric(14, 3) NOT NULL,
	"quantity_received" numeric(14, 3) DEFAULT '0' NOT NULL,
	"quantity_returned" numeric(14, 3) DEFAULT '0' NOT NULL,
	"unit_cost_minor" bigint NOT NULL,
	CONSTRAINT "purchase_order_lines_business_id_order_id_line_no_pk" PRIMARY KEY("business_id","order_id","line_no"),
	CONSTRAINT "purchase_order_lines_quantities" CHECK ("purchase_order_lines"."quantity_ordered" > 0 and "purchase_order_lines"."quantity_received" >= 0 and "purchase_order_lines"."quantity_received" <= "purchase_order_lines"."quantity_ordered" and "purchase_order_lines"."quantity_returned" >= 0 and "purchase_order_lines"."quantity_returned" <= "purchase_order_lines"."quantity_received"),
	CONSTRAINT "purchase_order_lines_cost" CHECK ("purchase_order_lines"."unit_cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_receipt_lines" (
	"business_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost_minor" bigint NOT NULL,
	CONSTRAINT "purchase_order_receipt_lines_business_id_receipt_id_line_no_pk" PRIMARY KEY("business_id","receipt_id","line_no"),
	CONSTRAINT "purchase_order_receipt_lines_quantity" CHECK ("purchase_order_receipt_lines"."quantity" > 0 and "purchase_order_receipt_lines"."unit_cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_receipts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"reference" text,
	"note" text,
	"received_by" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_receipts_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_return_lines" (
	"business_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost_minor" bigint NOT NULL,
	CONSTRAINT "purchase_order_return_lines_business_id_return_id_line_no_pk" PRIMARY KEY("business_id","return_id","line_no"),
	CONSTRAINT "purchase_order_return_lines_quantity" CHECK ("purchase_order_return_lines"."quantity" > 0 and "purchase_order_return_lines"."unit_cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_returns" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"returned_by" uuid NOT NULL,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_returns_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"expected_on" date,
	"notes" text,
	"ordered_total_minor" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"close_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_orders_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "purchase_orders_status" CHECK ("purchase_orders"."status" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "waste_photos" (
	"business_id" uuid NOT NULL,
	"waste_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waste_photos_business_id_waste_id_pk" PRIMARY KEY("business_id","waste_id")
);
--> statement-breakpoint
CREATE TABLE "waste_records" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"number" text NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"unit_cost_minor" bigint NOT NULL,
	"value_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"has_photo" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "waste_records_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "waste_records_reason" CHECK ("waste_records"."reason" in ('expired', 'damaged', 'spoiled', 'theft', 'other')),
	CONSTRAINT "waste_records_status" CHECK ("waste_records"."status" in ('pending', 'recorded', 'rejected')),
	CONSTRAINT "waste_records_amounts" CHECK ("waste_records"."quantity" > 0 and "waste_records"."unit_cost_minor" >= 0 and "waste_records"."value_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "waste_approval_threshold_minor" bigint DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_business_id_invoice_id_invoices_business_id_id_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_business_id_invoice_id_invoices_business_id_id_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_store_id_stores_business_id_id_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_customer_id_contacts_business_id_id_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."contacts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_business_id_order_id_purchase_orders_business_id_id_fk" FOREIGN KEY ("business_id","order_id") REFERENCES "public"."purchase_orders"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_business_id_variant_id_product_variants_business_id_id_fk" FOREIGN KEY ("business_id","variant_id") REFERENCES "public"."product_variants"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt_lines" ADD CONSTRAINT "purchase_order_receipt_lines_business_id_receipt_id_purchase_order_receipts_business_id_id_fk" FOREIGN KEY ("business_id","receipt_id") REFERENCES "public"."purchase_order_receipts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipt_lines" ADD CONSTRAINT "purchase_order_receipt_lines_business_id_order_id_line_no_purchase_order_lines_business_id_order_id_line_no_fk" FOREIGN KEY ("business_id","order_id","line_no") REFERENCES "public"."purchase_order_lines"("business_id","order_id","line_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_business_id_order_id_purchase_orders_business_id_id_fk" FOREIGN KEY ("business_id","order_id") REFERENCES "public"."purchase_orders"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_return_lines" ADD CONSTRAINT "purchase_order_return_lines_business_id_return_id_purchase_order_returns_business_id_id_fk" FOREIGN KEY ("business_id","return_id") REFERENCES "public"."purchase_order_returns"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_return_lines" ADD CONSTRAINT "purchase_order_return_lines_business_id_order_id_line_no_purchase_order_lines_business_id_order_id_line_no_fk" FOREIGN KEY ("business_id","order_id","line_no") REFERENCES "public"."purchase_order_lines"("business_id","order_id","line_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_returns" ADD CONSTRAINT "purchase_order_returns_business_id_order_id_purchase_orders_business_id_id_fk" FOREIGN KEY ("business_id","order_id") REFERENCES "public"."purchase_orders"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_business_id_store_id_stores_business_id_id_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_business_id_vendor_id_contacts_business_id_id_fk" FOREIGN KEY ("business_id","vendor_id") REFERENCES "public"."contacts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_photos" ADD CONSTRAINT "waste_photos_business_id_waste_id_waste_records_business_id_id_fk" FOREIGN KEY ("business_id","waste_id") REFERENCES "public"."waste_records"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_records" ADD CONSTRAINT "waste_records_business_id_store_id_stores_business_id_id_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_records" ADD CONSTRAINT "waste_records_business_id_variant_id_product_variants_business_id_id_fk" FOREIGN KEY ("business_id","variant_id") REFERENCES "public"."product_variants"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_variant_idx" ON "invoice_lines" USING btree ("business_id","variant_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("business_id","invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_store_idx" ON "invoice_payments" USING btree ("business_id","store_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("business_id","store_id","number");--> statement-breakpoint
CREATE INDEX "invoices_store_idx" ON "invoices" USING btree ("business_id","store_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("business_id","customer_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_variant_idx" ON "purchase_order_lines" USING btree ("business_id","variant_id");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_order_idx" ON "purchase_order_receipts" USING btree ("business_id","order_id","received_at");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_store_idx" ON "purchase_order_receipts" USING btree ("business_id","store_id","received_at");--> statement-breakpoint
CREATE INDEX "purchase_order_returns_order_idx" ON "purchase_order_returns" USING btree ("business_id","order_id","returned_at");--> statement-breakpoint
CREATE INDEX "purchase_order_returns_store_idx" ON "purchase_order_returns" USING btree ("business_id","store_id","returned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_key" ON "purchase_orders" USING btree ("business_id","store_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_store_idx" ON "purchase_orders" USING btree ("business_id","store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor_idx" ON "purchase_orders" USING btree ("business_id","vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waste_records_number_key" ON "waste_records" USING btree ("business_id","store_id","number");--> statement-breakpoint
CREATE INDEX "waste_records_store_idx" ON "waste_records" USING btree ("business_id","store_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "waste_records_status_idx" ON "waste_records" USING btree ("business_id","store_id","status");