-- Certificate rules: what a course's certificate requires beyond every lesson done (a quiz lesson
-- reached at a minimum percent, an assignment lesson passed), one row per required lesson, gone with
-- it; and what a certificate certified of them, frozen at issue (null on earlier certificates).
CREATE TABLE "certificate_requirements" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"kind" text NOT NULL,
	"min_percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_requirements_kind" CHECK ("certificate_requirements"."kind" in ('quiz', 'assignment')),
	CONSTRAINT "certificate_requirements_min_percent" CHECK (("certificate_requirements"."kind" = 'quiz') = ("certificate_requirements"."min_percent" is not null) and ("certificate_requirements"."min_percent" is null or "certificate_requirements"."min_percent" between 0 and 100))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "achievements" jsonb;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "final_score" integer;--> statement-breakpoint
ALTER TABLE "certificate_requirements" ADD CONSTRAINT "certificate_requirements_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_requirements" ADD CONSTRAINT "certificate_requirements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_requirements_course_idx" ON "certificate_requirements" USING btree ("course_id");