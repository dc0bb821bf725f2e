CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tip_cents" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"provider_ref" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"business_date" date NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" >= 0 AND "payment_refunds"."tip_cents" >= 0 AND "payment_refunds"."amount_cents" + "payment_refunds"."tip_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'captured' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_restaurant_business_date_idx" ON "payment_refunds" USING btree ("restaurant_id","business_date");--> statement-breakpoint
CREATE INDEX "payments_session_idx" ON "payments" USING btree ("dining_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("provider","provider_ref") WHERE "payments"."provider_ref" is not null;--> statement-breakpoint
CREATE VIEW "public"."payment_movements" AS (select p.id, p.restaurant_id, p.id as payment_id, 'capture' as kind, p.method, p.amount_cents, p.tip_cents, p.business_date, p.created_at as at from payments p where p.status in ('captured', 'partially_refunded', 'refunded') union all select r.id, r.restaurant_id, r.payment_id, 'refund' as kind, p.method, -r.amount_cents, -r.tip_cents, r.business_date, r.created_at as at from payment_refunds r join payments p on p.id = r.payment_id);--> statement-breakpoint
-- hand-written
-- Every payment recorded so far was money staff already held, cash or a card on their own
-- terminal: a captured payment of the manual provider (the new columns' defaults fill them so;
-- written out here so the rows say it whatever the defaults become).
UPDATE payments SET status = 'captured', provider = 'manual', provider_ref = NULL
  WHERE status <> 'captured' OR provider <> 'manual' OR provider_ref IS NOT NULL;--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_status_known
  CHECK (status IN ('pending', 'authorized', 'captured', 'failed', 'partially_refunded', 'refunded'));
