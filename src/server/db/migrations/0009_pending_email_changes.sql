CREATE TABLE "pending_email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"current_email" text NOT NULL,
	"new_email" text NOT NULL,
	"approval_token_hash" text,
	"verification_token_hash" text,
	"approved_at" timestamp with time zone,
	"password_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_email_changes_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "pending_email_changes_approval_token_hash_unique" UNIQUE("approval_token_hash"),
	CONSTRAINT "pending_email_changes_verification_token_hash_unique" UNIQUE("verification_token_hash")
);
--> statement-breakpoint
ALTER TABLE "pending_email_changes" ADD CONSTRAINT "pending_email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_email_changes" ADD CONSTRAINT "pending_email_changes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_email_changes_session_id_idx" ON "pending_email_changes" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "pending_email_changes_created_at_idx" ON "pending_email_changes" USING btree ("created_at");