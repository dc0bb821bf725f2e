DROP INDEX "dining_sessions_one_open_per_table";--> statement-breakpoint
ALTER TABLE "dining_sessions" ADD COLUMN "check_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_sessions_one_open_check_per_table" ON "dining_sessions" USING btree ("table_id","check_number") WHERE "dining_sessions"."status" = 'open';