-- The course page shows the curriculum, and is cached until the catalogue's version changes:
-- a change of sections or lessons changes it, whoever makes it (the editor, a resource upload).
CREATE TRIGGER "course_sections_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "course_lessons_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_lessons"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
