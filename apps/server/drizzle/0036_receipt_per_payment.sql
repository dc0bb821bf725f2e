ALTER TABLE "receipts" DROP CONSTRAINT "receipts_diningSessionId_unique";--> statement-breakpoint
CREATE INDEX "receipts_session_idx" ON "receipts" USING btree ("dining_session_id","number");