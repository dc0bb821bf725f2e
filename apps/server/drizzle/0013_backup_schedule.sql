ALTER TABLE "backups" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
-- hand-written
-- Automatic backups made before keep their cadence: each was scheduled when it was made.
UPDATE "backups" SET "scheduled_for" = "created_at" WHERE "kind" = 'auto';
