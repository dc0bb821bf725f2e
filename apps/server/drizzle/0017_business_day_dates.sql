ALTER TABLE "dining_sessions" ADD COLUMN "settled_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "business_date" date;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "day_closes_at_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "dining_sessions_settled_idx" ON "dining_sessions" USING btree ("restaurant_id","settled_on");--> statement-breakpoint
CREATE INDEX "orders_restaurant_business_date_idx" ON "orders" USING btree ("restaurant_id","business_date");--> statement-breakpoint
CREATE INDEX "payments_restaurant_business_date_idx" ON "payments" USING btree ("restaurant_id","business_date");--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_day_closes_at_range" CHECK ("restaurants"."day_closes_at_minutes" between 0 and 720);--> statement-breakpoint
-- hand-written
-- The business date of an instant for a restaurant: its local date less the closing time, but
-- never a day already closed (closed by `closes_until`): the day after the latest closed day.
CREATE FUNCTION business_date_at(r uuid, at timestamptz, closes_until timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT greatest(
    ((at AT TIME ZONE x.timezone) - make_interval(mins => x.day_closes_at_minutes))::date,
    (SELECT max(d.date) + 1 FROM business_days d
      WHERE d.restaurant_id = r AND d.status = 'closed' AND d.closed_at <= closes_until)
  )
  FROM restaurants x WHERE x.id = r
$$;
--> statement-breakpoint
-- A writer that does not date its order or payment (the live paths do, under the day's lock)
-- gets the business date of its creation.
CREATE FUNCTION set_business_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.business_date IS NULL THEN
    NEW.business_date := business_date_at(NEW.restaurant_id, NEW.created_at, NEW.created_at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_business_date BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION set_business_date();
--> statement-breakpoint
CREATE TRIGGER payments_business_date BEFORE INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION set_business_date();
--> statement-breakpoint
-- A session that ends without saying its day (closed by staff, by the idle sweep, or inserted
-- closed) is settled in the business day of its end.
CREATE FUNCTION set_settled_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'closed' AND NEW.settled_on IS NULL THEN
    NEW.settled_on := business_date_at(
      NEW.restaurant_id, coalesce(NEW.closed_at, now()), coalesce(NEW.closed_at, now()));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER dining_sessions_settled_on BEFORE INSERT OR UPDATE OF status ON dining_sessions
  FOR EACH ROW EXECUTE FUNCTION set_settled_on();
--> statement-breakpoint
-- What already happened, as it was counted: the calendar day in the restaurant's zone.
UPDATE orders o SET business_date = (o.created_at AT TIME ZONE r.timezone)::date
  FROM restaurants r WHERE r.id = o.restaurant_id;
--> statement-breakpoint
UPDATE payments p SET business_date = (p.created_at AT TIME ZONE r.timezone)::date
  FROM restaurants r WHERE r.id = p.restaurant_id;
--> statement-breakpoint
UPDATE dining_sessions s SET settled_on = coalesce(
    (SELECT min(p.business_date) FROM payments p WHERE p.dining_session_id = s.id),
    (s.closed_at AT TIME ZONE r.timezone)::date)
  FROM restaurants r WHERE r.id = s.restaurant_id AND s.status = 'closed';
--> statement-breakpoint
ALTER TABLE orders ALTER COLUMN business_date SET NOT NULL;
--> statement-breakpoint
ALTER TABLE payments ALTER COLUMN business_date SET NOT NULL;
