ALTER TABLE "businesses" ADD COLUMN "plan" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_plan_known" CHECK ("businesses"."plan" in ('free', 'growth', 'business'));--> statement-breakpoint
-- Every business that already exists gets the smallest plan that holds what it has now (stores, active
-- staff, active products, this calendar month's sales in each store's zone), so none starts over a limit.
-- The limits are those of `plans` in packages/contracts/src/plans/plans.ts at the time of this migration.
UPDATE "businesses" b SET "plan" = CASE
    WHEN u.stores <= 1 AND u.staff <= 3 AND u.products <= 250 AND u.sales <= 1000 THEN 'free'
    WHEN u.stores <= 3 AND u.staff <= 15 AND u.products <= 5000 AND u.sales <= 10000 THEN 'growth'
    ELSE 'business' END
FROM (
  SELECT x.id,
    (SELECT count(*) FROM "stores" s WHERE s.business_id = x.id) AS stores,
    (SELECT count(*) FROM "staff_members" m WHERE m.business_id = x.id AND m.deactivated_at IS NULL) AS staff,
    (SELECT count(*) FROM "products" p WHERE p.business_id = x.id AND NOT p.is_archived) AS products,
    (SELECT coalesce(sum(t.sales_count), 0) FROM "sales_day_totals" t
       JOIN "stores" s ON s.business_id = t.business_id AND s.id = t.store_id
      WHERE t.business_id = x.id AND t.day >= date_trunc('month', now() AT TIME ZONE s.time_zone)::date) AS sales
  FROM "businesses" x
) u
WHERE u.id = b.id;
