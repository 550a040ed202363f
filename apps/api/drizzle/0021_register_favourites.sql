CREATE TABLE "register_favourites" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"variant_ids" uuid[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "register_favourites_business_id_store_id_pk" PRIMARY KEY("business_id","store_id"),
	CONSTRAINT "register_favourites_count" CHECK (cardinality("register_favourites"."variant_ids") <= 24)
);
--> statement-breakpoint
ALTER TABLE "register_favourites" ADD CONSTRAINT "register_favourites_business_id_store_id_stores_business_id_id_fk" FOREIGN KEY ("business_id","store_id") REFERENCES "public"."stores"("business_id","id") ON DELETE no action ON UPDATE no action;