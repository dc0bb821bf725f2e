ALTER TABLE "platform_settings" ADD COLUMN "trial_tables" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "trial_staff" integer DEFAULT 2 NOT NULL;