-- Decision 065: the item's trigram indexes keep at most 64 kB of pending entries (PostgreSQL's
-- default is 4 MB). Every sale changes an item's `sales`, which is in the popular-order indexes, so
-- the update is never HOT and adds the item's ~100 trigrams to each GIN index's pending list. Every
-- trigram search reads the whole pending list: at ~470 pages (measured after 3 000 sales at
-- 100 000 items) a keyword nothing matches cost 18 ms instead of 0.07 ms. With 64 kB the writer
-- whose entry overflows the list moves it into the index (~0.4 ms more per item update) and a search
-- reads at most 8 pending pages.
ALTER INDEX "course_search_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "course_title_zh_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "course_title_en_trgm_idx" SET (gin_pending_list_limit = 64);
