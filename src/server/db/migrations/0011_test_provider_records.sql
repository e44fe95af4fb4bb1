CREATE TABLE "test_provider_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_records_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "state_as_of" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "test_provider_records_kind_idx" ON "test_provider_records" USING btree ("kind","created_at");