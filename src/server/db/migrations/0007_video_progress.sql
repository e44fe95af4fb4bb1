CREATE TABLE "video_progress" (
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"position_seconds" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"watched_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_user_id_course_id_position_pk" PRIMARY KEY("user_id","course_id","position"),
	CONSTRAINT "video_progress_position_range" CHECK ("video_progress"."position" in (1, 2)),
	CONSTRAINT "video_progress_seconds_range" CHECK ("video_progress"."position_seconds" >= 0 and "video_progress"."duration_seconds" > 0 and "video_progress"."position_seconds" <= "video_progress"."duration_seconds")
);
--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;