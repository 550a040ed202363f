CREATE TABLE "sign_up_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"details" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"account_id" uuid NOT NULL,
	"created_account" boolean NOT NULL,
	"role_id" uuid NOT NULL,
	"store_ids" uuid[] NOT NULL,
	"invited_by" uuid NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"responded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "staff_invitations_status_check" CHECK ("staff_invitations"."status" in ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_business_id_role_id_roles_business_id_id_fk" FOREIGN KEY ("business_id","role_id") REFERENCES "public"."roles"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_up_requests_hash_key" ON "sign_up_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_up_requests_email_idx" ON "sign_up_requests" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_pending_key" ON "staff_invitations" USING btree ("business_id","account_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "staff_invitations_account_idx" ON "staff_invitations" USING btree ("account_id","status");--> statement-breakpoint
-- Accounts that chose their own password have signed in (or signed up); an account still on a default password may never have.
UPDATE "accounts" SET "first_signed_in_at" = "created_at" WHERE NOT "must_change_password";
