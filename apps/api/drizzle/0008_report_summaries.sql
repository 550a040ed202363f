CREATE TABLE "sales_day_customers" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"refund_total_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_customers_business_id_store_id_day_customer_id_pk" PRIMARY KEY("business_id","store_id","day","customer_id")
);
--> statement-breakpoint
CREATE TABLE "sales_day_payments" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"payments_count" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_count" integer DEFAULT 0 NOT NULL,
	"refund_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_payments_business_id_store_id_day_method_pk" PRIMARY KEY("business_id","store_id","day","method")
);
--> statement-breakpoint
CREATE TABLE "sales_day_taxes" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tax_rate_id" uuid NOT NULL,
	"basis_points" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"taxable_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"refund_taxable_minor" bigint DEFAULT 0 NOT NULL,
	"refund_tax_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_taxes_business_id_store_id_day_tax_rate_id_basis_points_inclusive_pk" PRIMARY KEY("business_id","store_id","day","tax_rate_id","basis_points","inclusive")
);
--> statement-breakpoint
CREATE TABLE "sales_day_totals" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_count" integer DEFAULT 0 NOT NULL,
	"refund_total_minor" bigint DEFAULT 0 NOT NULL,
	"refund_tax_minor" bigint DEFAULT 0 NOT NULL,
	"refund_cost_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_totals_business_id_store_id_day_account_id_pk" PRIMARY KEY("business_id","store_id","day","account_id")
);
--> statement-breakpoint
CREATE TABLE "sales_day_variants" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"refund_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"refund_total_minor" bigint DEFAULT 0 NOT NULL,
	"refund_tax_minor" bigint DEFAULT 0 NOT NULL,
	"refund_cost_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_variants_business_id_store_id_day_variant_id_pk" PRIMARY KEY("business_id","store_id","day","variant_id")
);
--> statement-breakpoint
CREATE INDEX "sales_day_customers_customer_idx" ON "sales_day_customers" USING btree ("business_id","customer_id","day");
--> statement-breakpoint
insert into sales_day_totals as t (business_id, store_id, day, account_id, sales_count, gross_minor, discount_minor, tax_minor, total_minor, cost_minor, refunds_count, refund_total_minor, refund_tax_minor, refund_cost_minor) select business_id, store_id, day, account_id, sum(sales_count) as sales_count, sum(gross_minor) as gross_minor, sum(discount_minor) as discount_minor, sum(tax_minor) as tax_minor, sum(total_minor) as total_minor, sum(cost_minor) as cost_minor, sum(refunds_count) as refunds_count, sum(refund_total_minor) as refund_total_minor, sum(refund_tax_minor) as refund_tax_minor, sum(refund_cost_minor) as refund_cost_minor from ((select s.business_id, s.store_id, (s.completed_at at time zone st.time_zone)::date, s.cashier_account_id, 1 * count(distinct s.id), 1 * sum(l.gross_minor), 1 * sum(l.line_discount_minor + l.cart_discount_minor), 1 * sum(l.tax_minor), 1 * sum(l.total_minor), 1 * sum(round(l.quantity * l.unit_cost_minor)), 0, 0, 0, 0 from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id where true and s.status = 'completed' group by 1, 2, 3, 4) union all (select r.business_id, r.store_id, (r.created_at at time zone st.time_zone)::date, r.refunded_by, 0, 0, 0, 0, 0, 0, count(distinct r.id), sum(rl.total_minor), sum(rl.tax_minor), sum(case when rl.restocked then round(rl.quantity * l.unit_cost_minor) else 0 end) from refunds r join stores st on st.business_id = r.business_id and st.id = r.store_id join refund_lines rl on rl.business_id = r.business_id and rl.refund_id = r.id join sale_lines l on l.business_id = rl.business_id and l.sale_id = rl.sale_id and l.line_no = rl.line_no where true group by 1, 2, 3, 4)) as c (business_id, store_id, day, account_id, sales_count, gross_minor, discount_minor, tax_minor, total_minor, cost_minor, refunds_count, refund_total_minor, refund_tax_minor, refund_cost_minor) group by business_id, store_id, day, account_id order by business_id, store_id, day, account_id;
--> statement-breakpoint
insert into sales_day_variants as t (business_id, store_id, day, variant_id, product_id, quantity, gross_minor, discount_minor, tax_minor, total_minor, cost_minor, refund_quantity, refund_total_minor, refund_tax_minor, refund_cost_minor) select business_id, store_id, day, variant_id, product_id, sum(quantity) as quantity, sum(gross_minor) as gross_minor, sum(discount_minor) as discount_minor, sum(tax_minor) as tax_minor, sum(total_minor) as total_minor, sum(cost_minor) as cost_minor, sum(refund_quantity) as refund_quantity, sum(refund_total_minor) as refund_total_minor, sum(refund_tax_minor) as refund_tax_minor, sum(refund_cost_minor) as refund_cost_minor from ((select s.business_id, s.store_id, (s.completed_at at time zone st.time_zone)::date, l.variant_id, l.product_id, 1 * sum(l.quantity), 1 * sum(l.gross_minor), 1 * sum(l.line_discount_minor + l.cart_discount_minor), 1 * sum(l.tax_minor), 1 * sum(l.total_minor), 1 * sum(round(l.quantity * l.unit_cost_minor)), 0, 0, 0, 0 from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id where true and s.status = 'completed' group by 1, 2, 3, 4, 5) union all (select r.business_id, r.store_id, (r.created_at at time zone st.time_zone)::date, rl.variant_id, rl.product_id, 0, 0, 0, 0, 0, 0, sum(rl.quantity), sum(rl.total_minor), sum(rl.tax_minor), sum(case when rl.restocked then round(rl.quantity * l.unit_cost_minor) else 0 end) from refunds r join stores st on st.business_id = r.business_id and st.id = r.store_id join refund_lines rl on rl.business_id = r.business_id and rl.refund_id = r.id join sale_lines l on l.business_id = rl.business_id and l.sale_id = rl.sale_id and l.line_no = rl.line_no where true group by 1, 2, 3, 4, 5)) as c (business_id, store_id, day, variant_id, product_id, quantity, gross_minor, discount_minor, tax_minor, total_minor, cost_minor, refund_quantity, refund_total_minor, refund_tax_minor, refund_cost_minor) group by business_id, store_id, day, variant_id, product_id order by business_id, store_id, day, variant_id;
--> statement-breakpoint
insert into sales_day_payments as t (business_id, store_id, day, method, payments_count, amount_minor, refunds_count, refund_minor) select business_id, store_id, day, method, sum(payments_count) as payments_count, sum(amount_minor) as amount_minor, sum(refunds_count) as refunds_count, sum(refund_minor) as refund_minor from ((select s.business_id, s.store_id, (s.completed_at at time zone st.time_zone)::date, p.method, 1 * count(*), 1 * sum(p.amount_minor), 0, 0 from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id join sale_payments p on p.business_id = s.business_id and p.sale_id = s.id where true and s.status = 'completed' group by 1, 2, 3, 4) union all (select r.business_id, r.store_id, (r.created_at at time zone st.time_zone)::date, r.method, 0, 0, count(*), sum(r.total_minor) from refunds r join stores st on st.business_id = r.business_id and st.id = r.store_id where true group by 1, 2, 3, 4)) as c (business_id, store_id, day, method, payments_count, amount_minor, refunds_count, refund_minor) group by business_id, store_id, day, method order by business_id, store_id, day, method;
--> statement-breakpoint
insert into sales_day_taxes as t (business_id, store_id, day, tax_rate_id, basis_points, inclusive, taxable_minor, tax_minor, refund_taxable_minor, refund_tax_minor) select business_id, store_id, day, tax_rate_id, basis_points, inclusive, sum(taxable_minor) as taxable_minor, sum(tax_minor) as tax_minor, sum(refund_taxable_minor) as refund_taxable_minor, sum(refund_tax_minor) as refund_tax_minor from ((select s.business_id, s.store_id, (s.completed_at at time zone st.time_zone)::date, coalesce(l.tax_rate_id, '00000000-0000-0000-0000-000000000000'::uuid), l.tax_rate_basis_points, l.tax_inclusive, 1 * sum(l.total_minor - l.tax_minor), 1 * sum(l.tax_minor), 0, 0 from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id where true and s.status = 'completed' group by 1, 2, 3, 4, 5, 6) union all (select r.business_id, r.store_id, (r.created_at at time zone st.time_zone)::date, coalesce(l.tax_rate_id, '00000000-0000-0000-0000-000000000000'::uuid), l.tax_rate_basis_points, l.tax_inclusive, 0, 0, sum(rl.total_minor - rl.tax_minor), sum(rl.tax_minor) from refunds r join stores st on st.business_id = r.business_id and st.id = r.store_id join refund_lines rl on rl.business_id = r.business_id and rl.refund_id = r.id join sale_lines l on l.business_id = rl.business_id and l.sale_id = rl.sale_id and l.line_no = rl.line_no where true group by 1, 2, 3, 4, 5, 6)) as c (business_id, store_id, day, tax_rate_id, basis_points, inclusive, taxable_minor, tax_minor, refund_taxable_minor, refund_tax_minor) group by business_id, store_id, day, tax_rate_id, basis_points, inclusive order by business_id, store_id, day, tax_rate_id, basis_points, inclusive;
--> statement-breakpoint
insert into sales_day_customers as t (business_id, store_id, day, customer_id, sales_count, total_minor, refund_total_minor) select business_id, store_id, day, customer_id, sum(sales_count) as sales_count, sum(total_minor) as total_minor, sum(refund_total_minor) as refund_total_minor from ((select s.business_id, s.store_id, (s.completed_at at time zone st.time_zone)::date, s.customer_id, 1 * count(*), 1 * sum(s.total_minor), 0 from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id where true and s.status = 'completed' and s.customer_id is not null group by 1, 2, 3, 4) union all (select r.business_id, r.store_id, (r.created_at at time zone st.time_zone)::date, s.customer_id, 0, 0, sum(r.total_minor) from refunds r join stores st on st.business_id = r.business_id and st.id = r.store_id join sales s on s.business_id = r.business_id and s.id = r.sale_id where true and s.customer_id is not null group by 1, 2, 3, 4)) as c (business_id, store_id, day, customer_id, sales_count, total_minor, refund_total_minor) group by business_id, store_id, day, customer_id order by business_id, store_id, day, customer_id;
