-- Quizzes as lessons (features/quizzes): a quiz per quiz lesson, its immutable versions (rules and
-- questions with their answers), and learners' attempts on the version they started, with the drawn
-- and shuffled layout, the saved answers, the server's deadline and, once submitted, the grade.
-- Nothing here compares the lesson_kind enum with 'quiz' (added in this same transaction).
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"layout" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answers_saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"earned" integer,
	"possible" integer,
	"percent" integer,
	"passed" boolean,
	"outcomes" jsonb,
	CONSTRAINT "quiz_attempts_number_positive" CHECK ("quiz_attempts"."number" >= 1),
	CONSTRAINT "quiz_attempts_graded_when_submitted" CHECK (("quiz_attempts"."submitted_at" is null) = ("quiz_attempts"."percent" is null) and ("quiz_attempts"."percent" is null) = ("quiz_attempts"."passed" is null) and ("quiz_attempts"."percent" is null) = ("quiz_attempts"."earned" is null)),
	CONSTRAINT "quiz_attempts_scores" CHECK ("quiz_attempts"."earned" >= 0 and "quiz_attempts"."earned" <= "quiz_attempts"."possible" and "quiz_attempts"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_versions" (
	"lesson_id" integer NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_versions_lesson_id_version_pk" PRIMARY KEY("lesson_id","version"),
	CONSTRAINT "quiz_versions_version_positive" CHECK ("quiz_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lesson_id_version_quiz_versions_lesson_id_version_fk" FOREIGN KEY ("lesson_id","version") REFERENCES "public"."quiz_versions"("lesson_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_versions" ADD CONSTRAINT "quiz_versions_lesson_id_quizzes_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."quizzes"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_user_lesson_number_unique" ON "quiz_attempts" USING btree ("user_id","lesson_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_in_progress" ON "quiz_attempts" USING btree ("user_id","lesson_id") WHERE "quiz_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "quiz_attempts_lesson_idx" ON "quiz_attempts" USING btree ("lesson_id");