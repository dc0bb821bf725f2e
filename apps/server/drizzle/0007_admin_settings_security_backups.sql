CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"size_bytes" bigint,
	"content" "bytea",
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant_id" uuid,
	"user_id" uuid,
	"username" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "auto_backup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "backup_interval_hours" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "backup_keep" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "notifications_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "maintenance_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "allow_guest_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "order_timeout_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "max_table_capacity" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "session_timeout_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "password_min_length" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_restaurant_idx" ON "backups" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_restaurant_idx" ON "login_failures" USING btree ("restaurant_id","created_at");--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_order_timeout_minutes_range" CHECK ("restaurants"."order_timeout_minutes" between 5 and 240);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_max_table_capacity_range" CHECK ("restaurants"."max_table_capacity" between 1 and 100);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_session_timeout_hours_range" CHECK ("restaurants"."session_timeout_hours" between 1 and 720);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_password_min_length_range" CHECK ("restaurants"."password_min_length" between 8 and 128);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_backup_interval_hours_range" CHECK ("restaurants"."backup_interval_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_backup_keep_range" CHECK ("restaurants"."backup_keep" between 1 and 100);--> statement-breakpoint
UPDATE "restaurants" SET "prices_include_tax" = false WHERE "currency" = 'usd';
