-- Title suggestions read this table of the distinct titles of active courses instead of grouping
-- the matching courses: a short prefix such as "py" matches tens of thousands of courses in a large
-- catalogue, but only a few hundred titles. A row holds what a suggestion shows and is sorted by:
-- the smallest active course id with the title (the course a suggestion links to), the highest
-- rating count among those courses, and how many there are (to know when the last one is gone).
-- Triggers on `courses` keep it exact in the writing transaction, so it changes together with the
-- catalogue's version, like every other catalogue read the cache keys by that version.
-- Every write of a course rewrites its title's row: the room left in each page (fillfactor) lets
-- that be a HOT update, which leaves the GIN indexes alone (the searched title never changes).
-- Rows are kept narrow, since a short prefix reads many of them: the document is the only stored
-- search form, and the trigram index is on the folded title as an expression.
CREATE TABLE "course_titles" (
  "title" text PRIMARY KEY,
  "first_course_id" integer NOT NULL,
  "top_rating_count" integer NOT NULL,
  "course_count" integer NOT NULL,
  -- Folded as the courses' own search columns are (0002_catalog_search). The title alone and so
  -- unweighted: the prefix query needs no weight (`'py':*`, not `'py':*A`), which spares
  -- re-reading each matching row's document (weights are not in the index).
  "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, immutable_unaccent("title"))) STORED
) WITH (fillfactor = 90);--> statement-breakpoint
-- Suggestions by the words typed (prefix query), and by trigram word similarity when none match.
-- Without the pending list (fastupdate): new titles are rare, and a list filled by the rebuild
-- below would be read by every search until a vacuum emptied it (and would look so costly to the
-- planner that it read the whole table instead).
CREATE INDEX "course_titles_search_document_idx" ON "course_titles" USING gin ("search_document") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "course_titles_search_title_trgm_idx" ON "course_titles" USING gin ((lower(immutable_unaccent("title"))) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- When a title's first or most reviewed course leaves it, its row is computed again from the
-- active courses with that title: this index finds them, with their rating counts.
CREATE INDEX "courses_active_title_idx" ON "courses" ("title", "id") INCLUDE ("rating_count") WHERE "disabled_at" IS NULL;--> statement-breakpoint

-- One course entering or leaving the active courses of a title. `staying`: the course is active
-- with this title both before and after a change (only its rating count changed), so it leaves
-- with its old rating count and enters with its new one without being counted twice.
CREATE TYPE "course_title_change" AS ("title" text, "course_id" integer, "rating_count" integer, "entering" boolean, "staying" boolean);--> statement-breakpoint

CREATE FUNCTION apply_course_title_changes(changes course_title_change[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  -- Counts by arithmetic, first ids and top rating counts by least and greatest of what enters.
  -- Titles go in one order, so two statements changing the same titles lock their rows in the
  -- same order and wait for each other instead of deadlocking (course writes also queue on the
  -- catalogue's version row first, whose trigger fires before these). A title that nothing enters
  -- gets values that change nothing: least with the largest id, greatest with 0.
  INSERT INTO course_titles AS kept (title, course_count, first_course_id, top_rating_count)
  SELECT change.title,
         count(*) FILTER (WHERE change.entering) - count(*) FILTER (WHERE NOT change.entering),
         coalesce(min(change.course_id) FILTER (WHERE change.entering), 2147483647),
         coalesce(max(change.rating_count) FILTER (WHERE change.entering), 0)
  FROM unnest(changes) AS change
  GROUP BY change.title
  ORDER BY change.title
  ON CONFLICT (title) DO UPDATE SET
    course_count = kept.course_count + excluded.course_count,
    first_course_id = least(kept.first_course_id, excluded.first_course_id),
    top_rating_count = greatest(kept.top_rating_count, excluded.top_rating_count);

  -- What least and greatest cannot know: once the first course or the most reviewed course of a
  -- title has left it (or that rating count fell), the row is computed again from the title's
  -- active courses (courses_active_title_idx). The row is locked by the statement above, so no
  -- other change to this title can commit in between. A count at 0 or below is computed again
  -- too (below 0 only if the table had drifted), and deleted when it is 0.
  UPDATE course_titles AS kept
  SET (course_count, first_course_id, top_rating_count) = (
    SELECT count(*)::int, coalesce(min(course.id), kept.first_course_id), coalesce(max(course.rating_count), 0)
    FROM courses AS course
    WHERE course.title = kept.title AND course.disabled_at IS NULL)
  FROM (
    SELECT change.title,
           min(change.course_id) FILTER (WHERE NOT change.entering AND NOT change.staying) AS first_leaving,
           max(change.rating_count) FILTER (WHERE NOT change.entering) AS top_leaving
    FROM unnest(changes) AS change
    GROUP BY change.title
  ) AS leaving
  WHERE kept.title = leaving.title
    AND (kept.course_count <= 0 OR leaving.first_leaving <= kept.first_course_id OR leaving.top_leaving >= kept.top_rating_count);

  DELETE FROM course_titles AS kept
  USING (SELECT DISTINCT change.title FROM unnest(changes) AS change) AS changed
  WHERE kept.title = changed.title AND kept.course_count <= 0;
END
$$;--> statement-breakpoint

-- Statement triggers with transition tables: one call per statement, however many rows it wrote.
CREATE FUNCTION course_titles_after_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM apply_course_title_changes(ARRAY(
    SELECT ROW(title, id, rating_count, true, false)::course_title_change FROM new_courses WHERE disabled_at IS NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION course_titles_after_delete() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM apply_course_title_changes(ARRAY(
    SELECT ROW(title, id, rating_count, false, false)::course_title_change FROM old_courses WHERE disabled_at IS NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only a change of title, of being active, or of rating count matters; other updates (a poster,
-- a price) find nothing to do.
CREATE FUNCTION course_titles_after_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM apply_course_title_changes(ARRAY(
    WITH changed AS (
      SELECT old_row.id,
             old_row.title AS old_title, old_row.rating_count AS old_rating_count, old_row.disabled_at IS NULL AS was_active,
             new_row.title AS new_title, new_row.rating_count AS new_rating_count, new_row.disabled_at IS NULL AS is_active,
             old_row.disabled_at IS NULL AND new_row.disabled_at IS NULL AND old_row.title = new_row.title AS staying
      FROM old_courses AS old_row JOIN new_courses AS new_row ON new_row.id = old_row.id
      WHERE old_row.title <> new_row.title
         OR (old_row.disabled_at IS NULL) <> (new_row.disabled_at IS NULL)
         OR old_row.rating_count <> new_row.rating_count
    )
    SELECT ROW(old_title, id, old_rating_count, false, staying)::course_title_change FROM changed WHERE was_active
    UNION ALL
    SELECT ROW(new_title, id, new_rating_count, true, staying)::course_title_change FROM changed WHERE is_active));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION course_titles_after_truncate() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM course_titles;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "courses_keep_course_titles_on_insert" AFTER INSERT ON "courses"
  REFERENCING NEW TABLE AS new_courses
  FOR EACH STATEMENT EXECUTE FUNCTION course_titles_after_insert();--> statement-breakpoint
CREATE TRIGGER "courses_keep_course_titles_on_update" AFTER UPDATE ON "courses"
  REFERENCING OLD TABLE AS old_courses NEW TABLE AS new_courses
  FOR EACH STATEMENT EXECUTE FUNCTION course_titles_after_update();--> statement-breakpoint
CREATE TRIGGER "courses_keep_course_titles_on_delete" AFTER DELETE ON "courses"
  REFERENCING OLD TABLE AS old_courses
  FOR EACH STATEMENT EXECUTE FUNCTION course_titles_after_delete();--> statement-breakpoint
CREATE TRIGGER "courses_keep_course_titles_on_truncate" AFTER TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION course_titles_after_truncate();--> statement-breakpoint

-- Fills the table from the courses themselves: once below, and after a load that ran with the
-- triggers off (the bulk seed). Writes to courses wait (SHARE lock) while it runs, so none can fall
-- between the emptying and the filling; reads go on, and see the old rows until it commits.
CREATE FUNCTION rebuild_course_titles() RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  LOCK TABLE courses IN SHARE MODE;
  DELETE FROM course_titles;
  INSERT INTO course_titles (title, first_course_id, top_rating_count, course_count)
  SELECT title, min(id), max(rating_count), count(*)::int
  FROM courses
  WHERE disabled_at IS NULL
  GROUP BY title;
END
$$;--> statement-breakpoint
SELECT rebuild_course_titles();--> statement-breakpoint
ANALYZE "course_titles";
