CREATE TABLE "menu_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"station" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "setup_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_categories_restaurant_name_unique" ON "menu_categories" USING btree ("restaurant_id","name");--> statement-breakpoint
-- hand-written
-- Today's routing, written down: every category in use gets the station its items went to
-- (the drinks category to the bar, every other to the kitchen).
INSERT INTO "menu_categories" ("restaurant_id", "name", "station")
SELECT DISTINCT "restaurant_id", "category",
  CASE WHEN lower(trim("category")) IN ('drinks', 'drink') THEN 'bar' ELSE 'kitchen' END
FROM "menu_items"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Sign-up's sample items, still as sign-up wrote them, are samples.
UPDATE "menu_items" SET "is_sample" = true
WHERE "description" LIKE '%sample item: edit or remove it%'
  AND "restaurant_id" IN (SELECT "id" FROM "restaurants" WHERE NOT "is_demo");
