CREATE TABLE "cash_movements" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"actor_account_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "cash_movements_kind" CHECK ("cash_movements"."kind" in ('cash_in', 'cash_out')),
	CONSTRAINT "cash_movements_amount" CHECK ("cash_movements"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "held_sales" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"held_by" uuid NOT NULL,
	"label" text,
	"cart" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_sales_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"business_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_business_id_key_pk" PRIMARY KEY("business_id","key")
);
--> statement-breakpoint
CREATE TABLE "register_sessions" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"register_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float_minor" bigint NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"counted_cash_minor" bigint,
	"expected_cash_minor" bigint,
	"counted_denominations" jsonb,
	"closing_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "register_sessions_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "register_sessions_status" CHECK ("register_sessions"."status" in ('open', 'closed')),
	CONSTRAINT "register_sessions_float" CHECK ("register_sessions"."opening_float_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"business_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	"line_discount_minor" bigint NOT NULL,
	"cart_discount_minor" bigint NOT NULL,
	"tax_rate_id" uuid,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"tax_inclusive" boolean DEFAULT true NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"unit_cost_minor" bigint NOT NULL,
	CONSTRAINT "sale_lines_business_id_sale_id_line_no_pk" PRIMARY KEY("business_id","sale_id","line_no"),
	CONSTRAINT "sale_lines_quantity" CHECK ("sale_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"business_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"tendered_minor" bigint,
	"reference" text,
	"provider" text,
	"phone" text,
	CONSTRAINT "sale_payments_business_id_sale_id_seq_pk" PRIMARY KEY("business_id","sale_id","seq"),
	CONSTRAINT "sale_payments_method" CHECK ("sale_payments"."method" in ('cash', 'card', 'bank_transfer', 'mobile_money')),
	CONSTRAINT "sale_payments_amount" CHECK ("sale_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"cashier_account_id" uuid NOT NULL,
	"customer_id" uuid,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint NOT NULL,
	"change_minor" bigint NOT NULL,
	"cart_discount" jsonb,
	"note" text,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	CONSTRAINT "sales_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "sales_status" CHECK ("sales"."status" in ('completed', 'voided')),
	CONSTRAINT "sales_amounts" CHECK ("sales"."subtotal_minor" >= 0 and "sales"."discount_minor" >= 0 and "sales"."tax_minor" >= 0 and "sales"."total_minor" >= 0 and "sales"."paid_minor" >= "sales"."total_minor" and "sales"."change_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_business_id_session_id_register_sessions_business_id_id_fk" FOREIGN KEY ("business_id","session_id") REFERENCES "public"."register_sessions"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_business_id_store_id_stores_business_id_id_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_business_id_session_id_register_sessions_business_id_id_fk" FOREIGN KEY ("business_id","session_id") REFERENCES "public"."register_sessions"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_session_idx" ON "cash_movements" USING btree ("business_id","session_id","occurred_at");--> statement-breakpoint
CREATE INDEX "held_sales_store_idx" ON "held_sales" USING btree ("business_id","store_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "register_sessions_one_open" ON "register_sessions" USING btree ("business_id","store_id",lower("register_name")) WHERE "register_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "register_sessions_store_idx" ON "register_sessions" USING btree ("business_id","store_id","opened_at");--> statement-breakpoint
CREATE INDEX "sale_lines_variant_idx" ON "sale_lines" USING btree ("business_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_number_key" ON "sales" USING btree ("business_id","store_id","number");--> statement-breakpoint
CREATE INDEX "sales_store_time_idx" ON "sales" USING btree ("business_id","store_id","completed_at","id");--> statement-breakpoint
CREATE INDEX "sales_session_idx" ON "sales" USING btree ("business_id","session_id");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("business_id","customer_id");