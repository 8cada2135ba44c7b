-- Decision 066: PostgreSQL's autovacuum visits the item table once 1 % of its rows have changed
-- (its default waits for 20 %: 20 000 sales or view-count writes at 100 000 items). An updated row
-- clears its page's all-visible bit, and until a vacuum sets it again every index-only read of the
-- list and the keyword walk visits the table for that page (measured after 3 000 sales at 100 000
-- items: a page by number 0.45 ms with 236 table visits, 0.13 ms after VACUUM). The embedded
-- database has no autovacuum; its tables are vacuumed by the `db.vacuum` job instead.
ALTER TABLE "course" SET (autovacuum_vacuum_scale_factor = 0.01);
