CREATE TABLE "consumer_cursors" (
	"consumer" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"last_seq" bigint NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumer_cursors_consumer_restaurant_id_pk" PRIMARY KEY("consumer","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consumer_cursors" ADD CONSTRAINT "consumer_cursors_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;