CREATE TYPE "public"."lesson_kind" AS ENUM('video', 'text', 'resource');--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"teacher_name" text NOT NULL,
	"language" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "certificates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"kind" "lesson_kind" NOT NULL,
	"is_preview" boolean DEFAULT false NOT NULL,
	"video_id" uuid,
	"body" text,
	"resource_key" text,
	"resource_name" text,
	"resource_size_bytes" bigint,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_lessons_kind_content" CHECK (("course_lessons"."kind" = 'video') = ("course_lessons"."video_id" is not null) and ("course_lessons"."kind" = 'text') = ("course_lessons"."body" is not null) and ("course_lessons"."kind" = 'resource') = ("course_lessons"."resource_key" is not null)),
	CONSTRAINT "course_lessons_duration_positive" CHECK ("course_lessons"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" text NOT NULL,
	"lesson_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "lesson_progress_seconds_range" CHECK ("lesson_progress"."position_seconds" >= 0 and "lesson_progress"."duration_seconds" >= 0 and "lesson_progress"."position_seconds" <= "lesson_progress"."duration_seconds")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_video_id_course_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."course_videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_in_force_unique" ON "certificates" USING btree ("user_id","course_id") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_course_idx" ON "certificates" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_lessons_section_position_idx" ON "course_lessons" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "course_lessons_course_idx" ON "course_lessons" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_lessons_video_unique" ON "course_lessons" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "course_sections_course_position_idx" ON "course_sections" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "lesson_progress_user_course_idx" ON "lesson_progress" USING btree ("user_id","course_id");--> statement-breakpoint
-- Every existing course becomes one section: its intro a free-preview lesson, its main video lesson 1.
INSERT INTO "course_sections" ("course_id", "title", "position")
SELECT "id", CASE WHEN "language" = 'english' THEN 'Course content' ELSE 'Contenido del curso' END, 1 FROM "courses";
--> statement-breakpoint
INSERT INTO "course_lessons" ("course_id", "section_id", "position", "title", "kind", "is_preview", "video_id", "duration_seconds")
SELECT v."course_id", s."id", v."position",
  CASE WHEN v."position" = 1 THEN (CASE WHEN c."language" = 'english' THEN 'Introduction' ELSE 'Introducción' END) ELSE c."title" END,
  'video', v."position" = 1, v."id", v."duration_seconds"
FROM "course_videos" v
JOIN "courses" c ON c."id" = v."course_id"
JOIN "course_sections" s ON s."course_id" = v."course_id"
WHERE v."position" IN (1, 2);
--> statement-breakpoint
-- Where learners stopped in those two videos carries over to their lessons.
INSERT INTO "lesson_progress" ("user_id", "lesson_id", "course_id", "position_seconds", "duration_seconds", "completed_at", "updated_at")
SELECT p."user_id", l."id", p."course_id", LEAST(p."position_seconds", p."duration_seconds"), p."duration_seconds", p."watched_at", p."updated_at"
FROM "video_progress" p
JOIN "course_videos" v ON v."course_id" = p."course_id" AND v."position" = p."position"
JOIN "course_lessons" l ON l."video_id" = v."id";
