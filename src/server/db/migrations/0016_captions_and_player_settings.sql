CREATE TABLE "player_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"playback_rate_percent" smallint DEFAULT 100 NOT NULL,
	"caption_language" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_settings_rate_known" CHECK ("player_settings"."playback_rate_percent" in (50, 75, 100, 125, 150, 175, 200)),
	CONSTRAINT "player_settings_caption_language_known" CHECK ("player_settings"."caption_language" in ('es', 'en', 'off'))
);
--> statement-breakpoint
CREATE TABLE "video_captions" (
	"video_id" uuid NOT NULL,
	"language" text NOT NULL,
	"file_name" text NOT NULL,
	"vtt" text NOT NULL,
	"cue_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_captions_video_id_language_pk" PRIMARY KEY("video_id","language"),
	CONSTRAINT "video_captions_language_known" CHECK ("video_captions"."language" in ('es', 'en'))
);
--> statement-breakpoint
ALTER TABLE "player_settings" ADD CONSTRAINT "player_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_video_id_course_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."course_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The course page names its intro's captions, and is cached until the catalogue's version changes.
CREATE TRIGGER "video_captions_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "video_captions"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
