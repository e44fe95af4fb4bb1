CREATE TABLE "lesson_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"owner_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_images" ADD CONSTRAINT "lesson_images_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_images" ADD CONSTRAINT "lesson_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_images_course_idx" ON "lesson_images" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lesson_images_owner_idx" ON "lesson_images" USING btree ("owner_id");