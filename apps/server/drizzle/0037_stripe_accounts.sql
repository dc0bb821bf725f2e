CREATE TABLE "stripe_accounts" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"secret_key_encrypted" text NOT NULL,
	"publishable_key" text NOT NULL,
	"webhook_secret_encrypted" text NOT NULL,
	"secret_key_hint" text NOT NULL,
	"webhook_secret_hint" text NOT NULL,
	"mode" text NOT NULL,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;