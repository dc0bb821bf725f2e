CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"ticket_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_ticket_minutes_range" CHECK ("stations"."ticket_minutes" IS NULL OR "stations"."ticket_minutes" BETWEEN 1 AND 480)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expo_bumped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stations_restaurant_slug_unique" ON "stations" USING btree ("restaurant_id","slug");--> statement-breakpoint
-- hand-written
-- Every restaurant has the kitchen and the bar (the contract's STATIONS); a manager adds more.
INSERT INTO stations (restaurant_id, slug, name, kind, display_order)
  SELECT r.id, s.slug, s.name, s.slug, s.display_order
  FROM restaurants r
  CROSS JOIN (VALUES ('kitchen', 'Kitchen', 0), ('bar', 'Bar', 1)) AS s(slug, name, display_order)
  ON CONFLICT DO NOTHING;
