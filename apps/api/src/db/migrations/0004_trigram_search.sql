-- Marketplace search (ADR 18): a trigram index serves `search_text LIKE '%term%'` where the
-- database offers pg_trgm (PostgreSQL does; the embedded PGlite may not, and then the search
-- scans, which is fine at its scale). Never fails the migration.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS listings_search_trgm_idx ON listings USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable: marketplace search runs without a trigram index';
END
$$;
