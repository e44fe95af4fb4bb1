CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."ledger_bucket" AS ENUM('buyer', 'platform', 'pending', 'available', 'paid', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_kind" AS ENUM('sale', 'fee', 'hold_released', 'transfer', 'refund', 'reversal', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."payout_account_state" AS ENUM('pending', 'enabled', 'restricted');--> statement-breakpoint
CREATE TYPE "public"."payout_transfer_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"order_id" uuid NOT NULL,
	"corrects_invoice_id" uuid,
	"refund_key" text,
	"language" text NOT NULL,
	"document" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_refund_key_unique" UNIQUE("refund_key"),
	CONSTRAINT "invoices_total_non_negative" CHECK ("invoices"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"kind" "ledger_entry_kind" NOT NULL,
	"teacher_id" text NOT NULL,
	"order_id" uuid,
	"course_id" integer,
	"transfer_id" uuid,
	"from_bucket" "ledger_bucket" NOT NULL,
	"to_bucket" "ledger_bucket" NOT NULL,
	"amount_cents" integer NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_moves" CHECK ("ledger_entries"."from_bucket" <> "ledger_entries"."to_bucket")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"state" "payout_account_state" DEFAULT 'pending' NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_provider_account_id_unique" UNIQUE("provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "payout_transfer_status" DEFAULT 'pending' NOT NULL,
	"provider_transfer_id" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_provider_transfer_id_unique" UNIQUE("provider_transfer_id"),
	CONSTRAINT "payout_transfers_amount_positive" CHECK ("payout_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "seller_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fee_basis_points" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "teacher_share_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Lines sold before payouts existed: the course's owner is the seller, at the documented
-- default fee of 20 % (2000 basis points), rounded half up as domain/revenue-split.ts does.
UPDATE "order_items" SET
	"seller_id" = (SELECT "owner_id" FROM "courses" WHERE "courses"."id" = "order_items"."course_id"),
	"fee_basis_points" = 2000,
	"fee_cents" = ("price_cents" * 2000 + 5000) / 10000,
	"teacher_share_cents" = "price_cents" - ("price_cents" * 2000 + 5000) / 10000,
	"refunded_at" = (SELECT CASE WHEN "orders"."payment_status" = 'refunded' THEN "orders"."updated_at" END FROM "orders" WHERE "orders"."id" = "order_items"."order_id");--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "fee_basis_points" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "fee_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "teacher_share_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_payout_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."payout_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_teacher_idx" ON "ledger_entries" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_order_teacher_unique" ON "payout_transfers" USING btree ("order_id","teacher_id");--> statement-breakpoint
CREATE INDEX "payout_transfers_teacher_idx" ON "payout_transfers" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_transfers_open_idx" ON "payout_transfers" USING btree ("status") WHERE "payout_transfers"."status" <> 'sent';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_seller_id_idx" ON "order_items" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_split_adds_up" CHECK ("order_items"."fee_cents" >= 0 and "order_items"."teacher_share_cents" >= 0 and "order_items"."fee_cents" + "order_items"."teacher_share_cents" = "order_items"."price_cents");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_fee_rate_range" CHECK ("order_items"."fee_basis_points" between 0 and 10000);--> statement-breakpoint
-- The ledger and issued invoices are append-only: a correction is a new entry or a credit note.
CREATE FUNCTION "refuse_change_of_append_only_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_append_only_row"();--> statement-breakpoint
CREATE TRIGGER "invoices_append_only" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_append_only_row"();
