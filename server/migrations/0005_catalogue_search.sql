-- Keyword search over course.search_text (LIKE '%keyword%') through a trigram index, so it stays
-- fast at 100 000 items (decision 008). PGlite loads the pg_trgm extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_search_trgm_idx" ON "course" USING gin ("search_text" gin_trgm_ops);
