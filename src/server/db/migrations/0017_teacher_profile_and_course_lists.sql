ALTER TABLE "courses" ADD COLUMN "learning_outcomes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "requirements" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
-- A teacher's public profile (/api/teachers/:id) is cached until the catalogue's version changes:
-- what it shows of the account (name, picture, bio, disabled) changes it too. Only those columns,
-- and only when they really change, so sign-ins and other account writes leave the cache alone.
CREATE TRIGGER "users_profile_bump_catalog_version" AFTER UPDATE OF "name", "image", "bio", "disabled_at" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."image" IS DISTINCT FROM NEW."image" OR OLD."bio" IS DISTINCT FROM NEW."bio" OR OLD."disabled_at" IS DISTINCT FROM NEW."disabled_at")
  EXECUTE FUNCTION bump_catalog_version();
