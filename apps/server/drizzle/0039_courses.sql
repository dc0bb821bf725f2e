CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_number_range" CHECK ("courses"."number" BETWEEN 1 AND 9)
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "course_fire_minutes" integer;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "course" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "served_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "fired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_restaurant_number_unique" ON "courses" USING btree ("restaurant_id","number");