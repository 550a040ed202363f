CREATE TABLE "categories" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" is null or "categories"."parent_id" <> "categories"."id")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"is_inclusive" boolean NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_basis_points" >= 0 and "tax_rates"."rate_basis_points" <= 10000),
	CONSTRAINT "tax_rates_default_is_active" CHECK (not "tax_rates"."is_default" or "tax_rates"."is_active")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_business_id_parent_id_categories_business_id_id_fk" FOREIGN KEY ("business_id","parent_id") REFERENCES "public"."categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_id_key" ON "categories" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_key" ON "categories" USING btree ("business_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("business_id","parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_id_key" ON "tax_rates" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_name_key" ON "tax_rates" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_one_default" ON "tax_rates" USING btree ("business_id") WHERE "tax_rates"."is_default";