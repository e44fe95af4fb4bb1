CREATE TABLE "uploads_in_progress" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_write_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads_in_progress" ADD CONSTRAINT "uploads_in_progress_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_in_progress_owner_idx" ON "uploads_in_progress" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "uploads_in_progress_last_write_idx" ON "uploads_in_progress" USING btree ("last_write_at");