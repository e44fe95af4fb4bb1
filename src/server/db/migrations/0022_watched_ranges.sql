-- Completion the server has seen: a video lesson is done when the playback reports the server
-- heard cover 90 % of the lesson's stored length at a pace real playback allows; the player's
-- claimed duration and "completed" are no longer believed. The covered stretches are kept per
-- learner and lesson, and a certificate records what it certifies (null on older certificates,
-- which stay valid as issued).
ALTER TABLE "certificates" ADD COLUMN "lessons_completed" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "video_seconds_watched" integer;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watched_ranges" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watched_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A video's saved length was the player's claim: it becomes the lesson's stored length, and the
-- saved position stays within it. Lessons done before are left done (nothing tells them apart).
UPDATE "lesson_progress" SET
  "duration_seconds" = "course_lessons"."duration_seconds",
  "position_seconds" = least("lesson_progress"."position_seconds", "course_lessons"."duration_seconds")
FROM "course_lessons"
WHERE "course_lessons"."id" = "lesson_progress"."lesson_id" AND "course_lessons"."kind" = 'video';
