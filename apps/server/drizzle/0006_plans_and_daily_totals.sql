CREATE TABLE "daily_totals" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"payments_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_totals_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"from_plan" text NOT NULL,
	"to_plan" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "daily_totals" ADD CONSTRAINT "daily_totals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_totals_day_idx" ON "daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "plan_changes_restaurant_idx" ON "plan_changes" USING btree ("restaurant_id","changed_at");--> statement-breakpoint
-- daily_totals is kept by these statement triggers, one upsert per statement and (restaurant, UTC day),
-- in the transaction of the change. Deletions only update rows that still exist: a restaurant's
-- deletion cascades to its orders, payments and daily_totals at once.
CREATE FUNCTION daily_totals_orders_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, orders)
  SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, count(*)
  FROM new_rows WHERE status <> 'cancelled' GROUP BY 1, 2
  ON CONFLICT (restaurant_id, day) DO UPDATE SET orders = d.orders + excluded.orders;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, orders)
  SELECT restaurant_id, day, sum(n) FROM (
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, -1 AS n
    FROM old_rows WHERE status <> 'cancelled'
    UNION ALL
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, 1
    FROM new_rows WHERE status <> 'cancelled'
  ) x GROUP BY 1, 2 HAVING sum(n) <> 0
  ON CONFLICT (restaurant_id, day) DO UPDATE SET orders = d.orders + excluded.orders;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_orders_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_totals AS d SET orders = d.orders - x.n
  FROM (
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
    FROM old_rows WHERE status <> 'cancelled' GROUP BY 1, 2
  ) x
  WHERE d.restaurant_id = x.restaurant_id AND d.day = x.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_payments_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, payments_cents)
  SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, sum(amount_cents)
  FROM new_rows GROUP BY 1, 2
  ON CONFLICT (restaurant_id, day) DO UPDATE SET payments_cents = d.payments_cents + excluded.payments_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, payments_cents)
  SELECT restaurant_id, day, sum(cents) FROM (
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, -amount_cents AS cents FROM old_rows
    UNION ALL
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, amount_cents FROM new_rows
  ) x GROUP BY 1, 2 HAVING sum(cents) <> 0
  ON CONFLICT (restaurant_id, day) DO UPDATE SET payments_cents = d.payments_cents + excluded.payments_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_payments_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_totals AS d SET payments_cents = d.payments_cents - x.cents
  FROM (
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, sum(amount_cents) AS cents
    FROM old_rows GROUP BY 1, 2
  ) x
  WHERE d.restaurant_id = x.restaurant_id AND d.day = x.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_daily_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders_added();
--> statement-breakpoint
CREATE TRIGGER orders_daily_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_daily_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_orders_removed();
--> statement-breakpoint
CREATE TRIGGER payments_daily_totals_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_payments_added();
--> statement-breakpoint
CREATE TRIGGER payments_daily_totals_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_daily_totals_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_payments_removed();
--> statement-breakpoint
-- What already happened.
INSERT INTO daily_totals (restaurant_id, day, orders, payments_cents)
SELECT restaurant_id, day, sum(orders), sum(payments_cents) FROM (
  SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS orders, 0 AS payments_cents
  FROM orders WHERE status <> 'cancelled' GROUP BY 1, 2
  UNION ALL
  SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, 0, sum(amount_cents)
  FROM payments GROUP BY 1, 2
) x GROUP BY 1, 2;
