CREATE TABLE "register_device_reports" (
	"business_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"store_id" uuid NOT NULL,
	"pending_sales" integer NOT NULL,
	"needs_attention" integer NOT NULL,
	"last_synced_at" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	"reported_by" uuid,
	CONSTRAINT "register_device_reports_business_id_session_id_device_id_pk" PRIMARY KEY("business_id","session_id","device_id"),
	CONSTRAINT "register_device_reports_counts" CHECK ("register_device_reports"."pending_sales" >= 0 and "register_device_reports"."needs_attention" >= 0)
);
--> statement-breakpoint
ALTER TABLE "register_device_reports" ADD CONSTRAINT "register_device_reports_business_id_session_id_register_sessions_business_id_id_fk" FOREIGN KEY ("business_id","session_id") REFERENCES "public"."register_sessions"("business_id","id") ON DELETE no action ON UPDATE no action;