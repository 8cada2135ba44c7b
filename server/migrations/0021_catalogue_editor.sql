-- The catalogue editor (decision 041) and the sales dashboard (decision 042).
-- course.version: every save is `… WHERE version = <the version the editor loaded>` and bumps it,
-- so the later of two admins' saves is refused instead of wiping the earlier one.
ALTER TABLE "course" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Soft delete: a deleted item is off sale and hidden from the back office, but its row stays, so
-- buyers keep their purchases, files and lessons.
ALTER TABLE "course" ADD COLUMN "delete_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "seo_title" varchar(120) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "seo_description" varchar(255) DEFAULT '' NOT NULL;
--> statement-breakpoint
-- A lesson's downloadable attachments are item files that name their lesson (0 = the item's own files).
ALTER TABLE "course_file" ADD COLUMN "lesson_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Dashboard aggregates: paid orders of a time window, and new members per day (decision 042).
CREATE INDEX IF NOT EXISTS "shop_order_state_pay_time_idx" ON "shop_order" USING btree ("state","pay_time");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_join_time_idx" ON "user" USING btree ("join_time");
