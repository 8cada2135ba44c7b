-- Decision 069: a detail answer is held by the process that built it and served again while the
-- catalogue's version is the one it was built at. The version (decision 062's counter) already
-- counts every write to items, types, notices and VIP tiers; a detail answer also shows an item's
-- chapters, lessons, files and tags, so writes to those tables count too (statement triggers, so
-- the back office, seeds, restores and SQL typed by the owner are all counted).
DROP TRIGGER IF EXISTS "chapter_catalogue_changed" ON "chapter";
--> statement-breakpoint
CREATE TRIGGER "chapter_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "chapter" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lesson_catalogue_changed" ON "lesson";
--> statement-breakpoint
CREATE TRIGGER "lesson_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "lesson" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "course_file_catalogue_changed" ON "course_file";
--> statement-breakpoint
CREATE TRIGGER "course_file_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "course_file" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tag_catalogue_changed" ON "tag";
--> statement-breakpoint
CREATE TRIGGER "tag_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "tag" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "course_tag_catalogue_changed" ON "course_tag";
--> statement-breakpoint
CREATE TRIGGER "course_tag_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "course_tag" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_home_changed"();
