-- Catalogue: search columns, the indexes the course listing needs, and a change counter
-- for the catalogue's in-process cache. PostgreSQL 15 compatible (PGlite runs 18).

-- Case and accents are folded once, when a row is written, so that a search never
-- recomputes unaccent() over the whole table. The title alone feeds the typo-tolerant
-- trigram match; title, teacher and description feed the full-text document, weighted
-- A (title), B (teacher) and C (description) so a search can tell title matches apart.
-- The 'simple' configuration lowercases without stemming: the catalogue mixes Spanish
-- and English, and a language-specific stemmer would mangle the other language's words.
ALTER TABLE "courses" ADD COLUMN "search_title" text
  GENERATED ALWAYS AS (lower(immutable_unaccent("title"))) STORED;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, immutable_unaccent("title")), 'A') ||
    setweight(to_tsvector('simple'::regconfig, immutable_unaccent("teacher_name")), 'B') ||
    setweight(to_tsvector('simple'::regconfig, immutable_unaccent("description")), 'C')
  ) STORED;--> statement-breakpoint

-- Full-text match (`search_document @@ query`, prefix queries such as 'pyth:*' included).
CREATE INDEX "courses_search_document_idx" ON "courses" USING gin ("search_document");--> statement-breakpoint
-- Typo-tolerant title match (`search_title %> 'pythn'`, word similarity) for search and suggestions.
CREATE INDEX "courses_search_title_trgm_idx" ON "courses" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint

-- The listing only ever shows active courses, so its indexes are partial: disabled
-- courses cost them nothing. Each ends with the id, the listing's final tie-break, so a
-- page is read straight off the index in order (forwards or backwards) with no sort.
-- They also carry (INCLUDE) the filter columns: the listing finds a page's ids with an
-- index-only scan, filters included, and reads only those 9 rows from the table, so the
-- rows it skips on the way to a page are never fetched.
-- Default order, newest first, and the total count of the unfiltered listing.
CREATE INDEX "courses_active_newest_idx" ON "courses" ("created_at" DESC, "id" DESC)
  INCLUDE ("category_id", "subcategory_id", "rating_average") WHERE "disabled_at" IS NULL;--> statement-breakpoint
-- Price sorts (ascending forwards, descending backwards).
CREATE INDEX "courses_active_price_idx" ON "courses" ("price_cents", "id")
  INCLUDE ("category_id", "subcategory_id", "rating_average") WHERE "disabled_at" IS NULL;--> statement-breakpoint
-- Rating sorts, and the rating filter: floor(rating_average) = N is the range [N, N + 1).
CREATE INDEX "courses_active_rating_idx" ON "courses" ("rating_average", "id")
  INCLUDE ("category_id", "subcategory_id") WHERE "disabled_at" IS NULL;--> statement-breakpoint
-- Category filter in the default order, and its count; a category is a tenth of the
-- catalogue or less, so its other sorts either sort those rows or walk a sort index.
CREATE INDEX "courses_active_category_idx" ON "courses" ("category_id", "created_at" DESC, "id" DESC)
  INCLUDE ("subcategory_id", "rating_average") WHERE "disabled_at" IS NULL;--> statement-breakpoint
-- Subcategory filter, the same way.
CREATE INDEX "courses_active_subcategory_idx" ON "courses" ("subcategory_id", "created_at" DESC, "id" DESC)
  INCLUDE ("rating_average") WHERE "disabled_at" IS NULL;--> statement-breakpoint

-- The catalogue caches listings in process and keys them by this number, which every
-- write to the catalogue's tables bumps in the writing transaction. A reader that sees
-- a new number therefore sees the new rows too, so a cached page is never served after
-- the change that made it stale has committed. The value comes from a sequence so that
-- it never repeats, even after the table is emptied (tests truncate every table).
CREATE SEQUENCE "catalog_version_seq";--> statement-breakpoint
CREATE TABLE "catalog_version" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, nextval('catalog_version_seq'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO catalog_version (id, version) VALUES (1, nextval('catalog_version_seq'))
    ON CONFLICT (id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Once per statement, not per row: a bulk load bumps the number once.
CREATE TRIGGER "courses_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "categories_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "subcategories_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subcategories"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
