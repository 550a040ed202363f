CREATE TABLE "staff_members" (
	"business_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"deactivated_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_business_id_account_id_pk" PRIMARY KEY("business_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_members_account_idx" ON "staff_members" USING btree ("account_id");--> statement-breakpoint
-- Everyone who works somewhere already is active staff of that business.
INSERT INTO "staff_members" ("business_id", "account_id", "created_at")
SELECT "business_id", "account_id", min("created_at") FROM "memberships" GROUP BY "business_id", "account_id";--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_business_id_account_id_staff_members_business_id_account_id_fk" FOREIGN KEY ("business_id","account_id") REFERENCES "public"."staff_members"("business_id","account_id") ON DELETE no action ON UPDATE no action;