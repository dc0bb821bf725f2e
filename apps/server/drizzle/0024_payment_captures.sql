DROP VIEW "public"."payment_movements";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "daily_totals" ADD COLUMN "refunds_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE VIEW "public"."payment_movements" AS (select p.id, p.restaurant_id, p.id as payment_id, 'capture' as kind, p.method, p.amount_cents, p.tip_cents, p.business_date, p.captured_at as at from payments p where p.status in ('captured', 'partially_refunded', 'refunded') union all select r.id, r.restaurant_id, r.payment_id, 'refund' as kind, p.method, -r.amount_cents, -r.tip_cents, r.business_date, r.created_at as at from payment_refunds r join payments p on p.id = r.payment_id);--> statement-breakpoint
-- hand-written
-- Every payment captured so far was captured as it was recorded (staff held the money).
UPDATE payments SET captured_at = created_at
  WHERE status IN ('captured', 'partially_refunded', 'refunded') AND captured_at IS NULL;
--> statement-breakpoint
-- A payment has a capture time exactly when its money was taken.
ALTER TABLE payments ADD CONSTRAINT payments_captured_at_when_captured
  CHECK ((status IN ('captured', 'partially_refunded', 'refunded')) = (captured_at IS NOT NULL));
--> statement-breakpoint
-- A writer that does not say when a payment was captured (history written straight, a backup
-- from before this column) gets its creation time for a payment written captured, and the time
-- of the change for one that reaches captured later. The live paths set it themselves.
CREATE FUNCTION set_captured_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('captured', 'partially_refunded', 'refunded') AND NEW.captured_at IS NULL THEN
    NEW.captured_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_captured_at BEFORE INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION set_captured_at();
--> statement-breakpoint
-- daily_totals counts captured money only, on the UTC day it was captured: a payment pending,
-- authorized or failed moved nothing, and one captured later counts on the day of its capture.
CREATE OR REPLACE FUNCTION daily_totals_payments_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, payments_cents)
  SELECT restaurant_id, (captured_at AT TIME ZONE 'UTC')::date, sum(amount_cents)
  FROM new_rows WHERE status IN ('captured', 'partially_refunded', 'refunded') GROUP BY 1, 2
  ON CONFLICT (restaurant_id, day) DO UPDATE SET payments_cents = d.payments_cents + excluded.payments_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_totals_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, payments_cents)
  SELECT restaurant_id, day, sum(cents) FROM (
    SELECT restaurant_id, (captured_at AT TIME ZONE 'UTC')::date AS day, -amount_cents AS cents
    FROM old_rows WHERE status IN ('captured', 'partially_refunded', 'refunded')
    UNION ALL
    SELECT restaurant_id, (captured_at AT TIME ZONE 'UTC')::date, amount_cents
    FROM new_rows WHERE status IN ('captured', 'partially_refunded', 'refunded')
  ) x GROUP BY 1, 2 HAVING sum(cents) <> 0
  ON CONFLICT (restaurant_id, day) DO UPDATE SET payments_cents = d.payments_cents + excluded.payments_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_totals_payments_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_totals AS d SET payments_cents = d.payments_cents - x.cents
  FROM (
    SELECT restaurant_id, (captured_at AT TIME ZONE 'UTC')::date AS day, sum(amount_cents) AS cents
    FROM old_rows WHERE status IN ('captured', 'partially_refunded', 'refunded') GROUP BY 1, 2
  ) x
  WHERE d.restaurant_id = x.restaurant_id AND d.day = x.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Refunds: a negative movement on the UTC day each was given back, in its own column (the
-- payments taken, the invoice fee's base, stay as they were taken).
CREATE FUNCTION daily_totals_refunds_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, refunds_cents)
  SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, -sum(amount_cents)
  FROM new_rows GROUP BY 1, 2
  ON CONFLICT (restaurant_id, day) DO UPDATE SET refunds_cents = d.refunds_cents + excluded.refunds_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_totals AS d (restaurant_id, day, refunds_cents)
  SELECT restaurant_id, day, sum(cents) FROM (
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, amount_cents AS cents FROM old_rows
    UNION ALL
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, -amount_cents FROM new_rows
  ) x GROUP BY 1, 2 HAVING sum(cents) <> 0
  ON CONFLICT (restaurant_id, day) DO UPDATE SET refunds_cents = d.refunds_cents + excluded.refunds_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION daily_totals_refunds_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_totals AS d SET refunds_cents = d.refunds_cents + x.cents
  FROM (
    SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, sum(amount_cents) AS cents
    FROM old_rows GROUP BY 1, 2
  ) x
  WHERE d.restaurant_id = x.restaurant_id AND d.day = x.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_refunds_daily_totals_insert AFTER INSERT ON payment_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_refunds_added();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_daily_totals_update AFTER UPDATE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_daily_totals_delete AFTER DELETE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_totals_refunds_removed();
--> statement-breakpoint
-- What already happened, counted again by the new rule: captured money on its capture's day,
-- refunds on theirs.
UPDATE daily_totals SET payments_cents = 0, refunds_cents = 0;
--> statement-breakpoint
INSERT INTO daily_totals AS d (restaurant_id, day, payments_cents, refunds_cents)
SELECT restaurant_id, day, sum(payments_cents), sum(refunds_cents) FROM (
  SELECT restaurant_id, (captured_at AT TIME ZONE 'UTC')::date AS day, sum(amount_cents) AS payments_cents,
    0 AS refunds_cents
  FROM payments WHERE status IN ('captured', 'partially_refunded', 'refunded') GROUP BY 1, 2
  UNION ALL
  SELECT restaurant_id, (created_at AT TIME ZONE 'UTC')::date, 0, -sum(amount_cents)
  FROM payment_refunds GROUP BY 1, 2
) x GROUP BY 1, 2
ON CONFLICT (restaurant_id, day) DO UPDATE
  SET payments_cents = excluded.payments_cents, refunds_cents = excluded.refunds_cents;
