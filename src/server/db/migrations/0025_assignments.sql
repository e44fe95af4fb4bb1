-- Assignments: an assignment lesson's instructions and grading, each learner's hand-ins (every
-- version kept with its review; one waiting at a time per learner and lesson) and the file a
-- learner uploaded and has not handed in yet. No statement here compares the lesson_kind enum
-- with 'assignment' (added in 0023, in the same transaction when a fresh database migrates).
CREATE TABLE "assignment_draft_files" (
	"lesson_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_draft_files_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"version" integer NOT NULL,
	"answer_text" text,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size_bytes" bigint,
	"state" text DEFAULT 'waiting' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewer_id" text,
	"points" integer,
	"feedback" text,
	"returned_file_key" text,
	"returned_file_name" text,
	"returned_file_type" text,
	"returned_file_size_bytes" bigint,
	CONSTRAINT "assignment_submissions_state" CHECK ("assignment_submissions"."state" in ('waiting', 'passed', 'failed', 'returned')),
	CONSTRAINT "assignment_submissions_content" CHECK ("assignment_submissions"."answer_text" is not null or "assignment_submissions"."file_key" is not null),
	CONSTRAINT "assignment_submissions_reviewed" CHECK (("assignment_submissions"."state" = 'waiting') = ("assignment_submissions"."reviewed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"instructions" text NOT NULL,
	"grading" text NOT NULL,
	"max_points" integer,
	"passing_points" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_grading" CHECK (("assignments"."grading" = 'pass-fail' and "assignments"."max_points" is null and "assignments"."passing_points" is null) or ("assignments"."grading" = 'points' and "assignments"."max_points" > 0 and "assignments"."passing_points" between 0 and "assignments"."max_points"))
);
--> statement-breakpoint
ALTER TABLE "assignment_draft_files" ADD CONSTRAINT "assignment_draft_files_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_draft_files" ADD CONSTRAINT "assignment_draft_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_draft_files_user_idx" ON "assignment_draft_files" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_submissions_version_unique" ON "assignment_submissions" USING btree ("lesson_id","user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_submissions_one_waiting" ON "assignment_submissions" USING btree ("lesson_id","user_id") WHERE "assignment_submissions"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "assignment_submissions_queue_idx" ON "assignment_submissions" USING btree ("submitted_at") WHERE "assignment_submissions"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "assignment_submissions_user_idx" ON "assignment_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignment_submissions_course_idx" ON "assignment_submissions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "assignments_course_idx" ON "assignments" USING btree ("course_id");