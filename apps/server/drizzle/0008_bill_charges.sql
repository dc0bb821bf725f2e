ALTER TABLE "orders" ADD COLUMN "tax_rate_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_charge_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "surcharge_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charges_nonnegative" CHECK ("orders"."surcharge_cents" >= 0 AND "orders"."tax_cents" >= 0 AND "orders"."service_cents" >= 0);--> statement-breakpoint
-- Orders placed before bills carried tax and service charge were charged their menu prices, and
-- that stays what they were paid. Where the restaurant's prices include tax, the tax was within
-- them: it is read out per line at the restaurant's rate (the contract's rule, rounded half away
-- from zero); where they exclude it, no tax was added, so none is recorded. No service charge was
-- ever added.
UPDATE "orders" AS o SET
  "tax_rate_bps" = r."tax_rate_bps",
  "tax_cents" = COALESCE((
    SELECT sum(round(i."line_total_cents"::numeric * r."tax_rate_bps" / (10000 + r."tax_rate_bps")))
    FROM "order_items" AS i WHERE i."order_id" = o."id"
  ), 0)
FROM "restaurants" AS r
WHERE r."id" = o."restaurant_id" AND r."prices_include_tax" AND r."tax_rate_bps" > 0;
