DROP INDEX "tables_restaurant_number_unique";--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "tables_restaurant_number_unique" ON "tables" USING btree ("restaurant_id","number") WHERE "tables"."archived_at" IS NULL;