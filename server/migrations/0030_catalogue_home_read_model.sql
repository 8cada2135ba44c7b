-- Decision 062: the home answer is a read model, built by the database when what it shows has
-- changed and read whole by every request. `catalogue_home_version` counts the changes; every write
-- to the tables the home page shows bumps it (statement triggers, so seeds, restores, the back
-- office and SQL typed by the owner all count). An item's counters (sales, views, favourites) change
-- with every order and view, so they do not bump it: the home answer picks them up within
-- `fresh_until` (decision 062) instead of making every payment wait on one shared row.
CREATE TABLE IF NOT EXISTS "catalogue_home_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_home_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_home_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "catalogue_home" (
	"lang" varchar(10) PRIMARY KEY NOT NULL,
	"stamp" varchar(32) NOT NULL,
	"body" text NOT NULL,
	"built_version" bigint NOT NULL,
	"fresh_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Some 30 KB read on every home request: kept out of line but uncompressed, so reading it costs no
-- decompression.
ALTER TABLE "catalogue_home" ALTER COLUMN "body" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_home_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_home_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "course_home_changed" ON "course";
--> statement-breakpoint
-- Every column but the counters (a test checks this list against the table).
CREATE TRIGGER "course_home_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "id", "kind", "type_id", "title_zh", "title_en", "subtitle_zh", "subtitle_en", "cover", "gallery", "preview_video", "description_zh", "description_en", "price", "original_price", "vip_free_level", "vip_price", "status", "weigh", "search_text", "create_time", "update_time", "version", "delete_time", "seo_title", "seo_description" ON "course" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "type_home_changed" ON "type";
--> statement-breakpoint
CREATE TRIGGER "type_home_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "type" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notice_home_changed" ON "notice";
--> statement-breakpoint
CREATE TRIGGER "notice_home_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "notice" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "vip_home_changed" ON "vip";
--> statement-breakpoint
CREATE TRIGGER "vip_home_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "vip" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
