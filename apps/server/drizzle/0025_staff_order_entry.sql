ALTER TABLE "dining_sessions" ALTER COLUMN "table_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "menu_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "table_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "table_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD COLUMN "order_type" text DEFAULT 'dine_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD COLUMN "tab_name" text;--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD COLUMN "tab_phone" text;--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD COLUMN "pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "seat" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "course" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "entered_by" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "entered_by_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dining_sessions_open_tabs_idx" ON "dining_sessions" USING btree ("restaurant_id","opened_at") WHERE "dining_sessions"."status" = 'open' AND "dining_sessions"."table_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tab_idempotency_unique" ON "orders" USING btree ("dining_session_id","idempotency_key") WHERE "orders"."idempotency_key" IS NOT NULL AND "orders"."table_id" IS NULL;--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD CONSTRAINT "dining_sessions_tab_has_no_table" CHECK (("dining_sessions"."order_type" = 'dine_in') = ("dining_sessions"."table_id" IS NOT NULL) AND ("dining_sessions"."table_id" IS NULL) = ("dining_sessions"."tab_name" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seat_course_range" CHECK (("order_items"."seat" IS NULL OR "order_items"."seat" BETWEEN 1 AND 99) AND ("order_items"."course" IS NULL OR "order_items"."course" BETWEEN 1 AND 9));--> statement-breakpoint
-- hand-written
-- Every bill so far was a table's: dine-in (the new column's default fills them so).
ALTER TABLE dining_sessions ADD CONSTRAINT dining_sessions_order_type_known
  CHECK (order_type IN ('dine_in', 'bar_tab', 'counter', 'takeaway'));
