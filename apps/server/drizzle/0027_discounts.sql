CREATE TABLE "discount_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"dining_session_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"order_item_id" uuid,
	"percent_bps" integer,
	"amount_cents" bigint,
	"reason_id" uuid,
	"reason" text NOT NULL,
	"applied_by" uuid,
	"applied_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"allocation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "discounts_shape" CHECK (("discounts"."scope" = 'line') = ("discounts"."order_item_id" IS NOT NULL)
        AND ("discounts"."kind" <> 'comp' OR "discounts"."scope" = 'line')
        AND ("discounts"."kind" = 'percent') = ("discounts"."percent_bps" IS NOT NULL)
        AND ("discounts"."kind" = 'amount') = ("discounts"."amount_cents" IS NOT NULL)
        AND ("discounts"."percent_bps" IS NULL OR "discounts"."percent_bps" BETWEEN 1 AND 10000)
        AND ("discounts"."amount_cents" IS NULL OR "discounts"."amount_cents" > 0)
        AND "discounts"."discount_cents" >= 0 AND "discounts"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_charges_nonnegative";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discount_limit_percent_bps" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discount_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_reasons" ADD CONSTRAINT "discount_reasons_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_dining_session_id_dining_sessions_id_fk" FOREIGN KEY ("dining_session_id") REFERENCES "public"."dining_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_reason_id_discount_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."discount_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_reasons_restaurant_name_unique" ON "discount_reasons" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "discounts_session_idx" ON "discounts" USING btree ("dining_session_id");--> statement-breakpoint
CREATE INDEX "discounts_restaurant_created_idx" ON "discounts" USING btree ("restaurant_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_discount_limit_range" CHECK (("users"."discount_limit_percent_bps" IS NULL OR "users"."discount_limit_percent_bps" BETWEEN 0 AND 10000) AND ("users"."discount_limit_cents" IS NULL OR "users"."discount_limit_cents" >= 0));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_range" CHECK ("order_items"."discount_cents" BETWEEN 0 AND "order_items"."unit_price_cents" * ("order_items"."quantity" - "order_items"."voided_quantity"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charges_nonnegative" CHECK ("orders"."surcharge_cents" >= 0 AND "orders"."tax_cents" >= 0 AND "orders"."service_cents" >= 0 AND "orders"."discount_cents" >= 0);--> statement-breakpoint
-- hand-written
-- Every restaurant starts with the reasons a new one gets (DEFAULT_DISCOUNT_REASONS in the
-- contract); its manager edits the list.
INSERT INTO discount_reasons (restaurant_id, name)
  SELECT r.id, d.name
  FROM restaurants r
  CROSS JOIN (VALUES ('Service recovery'), ('Kitchen mistake'), ('Regular guest'), ('Staff meal'), ('Manager discretion')) AS d(name)
  ON CONFLICT DO NOTHING;
