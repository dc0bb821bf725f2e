CREATE TABLE "report_email_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"schedule_id" uuid,
	"delivery_key" text NOT NULL,
	"trigger" text NOT NULL,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"recipients" text[] NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"attempt" integer NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"time" text NOT NULL,
	"weekday" integer,
	"day_of_month" integer,
	"recipients" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_time_format" CHECK ("report_schedules"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "report_schedules_timing" CHECK (("report_schedules"."frequency" <> 'weekly' OR "report_schedules"."weekday" BETWEEN 1 AND 7) AND ("report_schedules"."frequency" <> 'monthly' OR "report_schedules"."day_of_month" BETWEEN 1 AND 31)),
	CONSTRAINT "report_schedules_recipients" CHECK (cardinality("report_schedules"."recipients") BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "report_email_log" ADD CONSTRAINT "report_email_log_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_email_log" ADD CONSTRAINT "report_email_log_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_email_log_restaurant_idx" ON "report_email_log" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_email_log_sent_once" ON "report_email_log" USING btree ("delivery_key") WHERE "report_email_log"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "report_schedules_restaurant_idx" ON "report_schedules" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "report_schedules_enabled_idx" ON "report_schedules" USING btree ("restaurant_id") WHERE "report_schedules"."enabled";