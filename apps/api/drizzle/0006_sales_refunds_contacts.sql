CREATE TABLE "contacts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"phone_digits" text,
	"email" text,
	"address" text,
	"tax_id" text,
	"notes" text,
	"search_text" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "contacts_kind" CHECK ("contacts"."kind" in ('customer', 'vendor'))
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"business_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"total_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"restocked" boolean NOT NULL,
	CONSTRAINT "refund_lines_business_id_refund_id_line_no_pk" PRIMARY KEY("business_id","refund_id","line_no"),
	CONSTRAINT "refund_lines_quantity" CHECK ("refund_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"session_id" uuid,
	"number" text NOT NULL,
	"refunded_by" uuid NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"provider" text,
	"phone" text,
	"total_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "refunds_method" CHECK ("refunds"."method" in ('cash', 'card', 'bank_transfer', 'mobile_money')),
	CONSTRAINT "refunds_amounts" CHECK ("refunds"."total_minor" > 0 and "refunds"."tax_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "receipt_header" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "receipt_footer" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_business_id_refund_id_refunds_business_id_id_fk" FOREIGN KEY ("business_id","refund_id") REFERENCES "public"."refunds"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_business_id_sale_id_line_no_sale_lines_business_id_sale_id_line_no_fk" FOREIGN KEY ("business_id","sale_id","line_no") REFERENCES "public"."sale_lines"("business_id","sale_id","line_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_session_id_register_sessions_business_id_id_fk" FOREIGN KEY ("business_id","session_id") REFERENCES "public"."register_sessions"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("business_id","kind",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("business_id","phone_digits");--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree ("business_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refund_lines_sale_idx" ON "refund_lines" USING btree ("business_id","sale_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_number_key" ON "refunds" USING btree ("business_id","store_id","number");--> statement-breakpoint
CREATE INDEX "refunds_sale_idx" ON "refunds" USING btree ("business_id","sale_id");--> statement-breakpoint
CREATE INDEX "refunds_store_time_idx" ON "refunds" USING btree ("business_id","store_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_session_idx" ON "refunds" USING btree ("business_id","session_id");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_business_id_customer_id_contacts_business_id_id_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."contacts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_cashier_idx" ON "sales" USING btree ("business_id","store_id","cashier_account_id","completed_at");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."reason" in ('sale', 'refund', 'void', 'purchase_receipt', 'vendor_return', 'waste', 'adjustment', 'count', 'transfer_in', 'transfer_out'));