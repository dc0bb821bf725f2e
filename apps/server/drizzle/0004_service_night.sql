CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"dining_session_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_diningSessionId_unique" UNIQUE("dining_session_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "session_idle_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_dining_session_id_dining_sessions_id_fk" FOREIGN KEY ("dining_session_id") REFERENCES "public"."dining_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_restaurant_idx" ON "reviews" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "dining_sessions_open_idle_idx" ON "dining_sessions" USING btree ("last_activity_at") WHERE "dining_sessions"."status" = 'open';--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_session_idle_minutes_range" CHECK ("restaurants"."session_idle_minutes" between 5 and 720);--> statement-breakpoint
UPDATE "dining_sessions" SET "last_activity_at" = "opened_at";--> statement-breakpoint
UPDATE "dining_sessions" SET "close_reason" = CASE WHEN "payment_status" = 'paid' THEN 'paid' ELSE 'closed_by_staff' END WHERE "status" = 'closed';
