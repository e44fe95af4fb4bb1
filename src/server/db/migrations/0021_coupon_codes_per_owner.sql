DROP INDEX "coupons_code_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_owner_code_unique" ON "coupons" USING btree (upper("code"),coalesce("owner_id", ''));