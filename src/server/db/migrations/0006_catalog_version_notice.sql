-- The catalogue's version is also announced on the `catalog_version` channel when it commits.
-- The embedded database (one process) follows these notices instead of reading the version on
-- every catalogue request: PGlite delivers them before the changing query itself returns.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  bumped bigint;
BEGIN
  INSERT INTO catalog_version (id, version) VALUES (1, nextval('catalog_version_seq'))
    ON CONFLICT (id) DO UPDATE SET version = excluded.version
    RETURNING version INTO bumped;
  PERFORM pg_notify('catalog_version', bumped::text);
  RETURN NULL;
END
$$;
