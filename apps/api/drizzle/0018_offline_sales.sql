CREATE TABLE "sale_exceptions" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "sale_exceptions_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "sale_exceptions_kind" CHECK ("sale_exceptions"."kind" in ('sold_offline_below_zero', 'sold_offline_at_old_price', 'sold_offline_archived'))
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Every sale so far was recorded when it was made.
UPDATE "sales" SET "recorded_at" = "completed_at";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline_reference" text;--> statement-breakpoint
ALTER TABLE "sale_exceptions" ADD CONSTRAINT "sale_exceptions_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_exceptions_line_kind_key" ON "sale_exceptions" USING btree ("business_id","sale_id","variant_id","kind");--> statement-breakpoint
CREATE INDEX "sale_exceptions_open_idx" ON "sale_exceptions" USING btree ("business_id","store_id","created_at") WHERE "sale_exceptions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "sale_exceptions_store_idx" ON "sale_exceptions" USING btree ("business_id","store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_offline_reference_key" ON "sales" USING btree ("business_id","store_id","offline_reference") WHERE "sales"."offline_reference" is not null;