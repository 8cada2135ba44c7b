-- Decision 055: a keyword search in the newest order walks this index alone — the search text is in
-- it, so the LIKE is checked without visiting the table (index-only). A btree entry holds ~2.7 KB,
-- so rows whose search text is longer than 2000 bytes (none today: titles and subtitles are bounded,
-- tags are not) are left out and read through the small index below instead.
CREATE INDEX IF NOT EXISTS "course_newest_search_idx" ON "course" USING btree ("status","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_text") WHERE octet_length("search_text") <= 2000;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_long_search_idx" ON "course" USING btree ("status","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE octet_length("search_text") > 2000;
