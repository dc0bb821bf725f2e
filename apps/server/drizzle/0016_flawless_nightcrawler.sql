CREATE TABLE "email_volume" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_volume_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_recipient_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"recipient_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "daily_email_limit" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "trial_daily_email_limit" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "sent_now_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_volume" ADD CONSTRAINT "email_volume_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_recipient_links" ADD CONSTRAINT "report_recipient_links_recipient_id_report_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."report_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_recipient_links" ADD CONSTRAINT "report_recipient_links_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_recipients" ADD CONSTRAINT "report_recipients_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_recipient_links_recipient_idx" ON "report_recipient_links" USING btree ("recipient_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_recipients_restaurant_email" ON "report_recipients" USING btree ("restaurant_id","email");--> statement-breakpoint
CREATE INDEX "report_recipients_email_idx" ON "report_recipients" USING btree ("email","confirmation_sent_at");--> statement-breakpoint
-- hand-written
-- Addresses of schedules made before recipients had to confirm: pending, so nothing reaches them
-- until they do (the next send asks each once).
INSERT INTO "report_recipients" ("restaurant_id", "email")
SELECT DISTINCT s."restaurant_id", lower(r.email) FROM "report_schedules" s, unnest(s."recipients") AS r(email)
ON CONFLICT DO NOTHING;
