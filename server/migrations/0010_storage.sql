-- Private storage and signed links (decision 024): the HMAC secrets of signed download links, and
-- where each catalogue file and lesson video lives (storage name + object key).
CREATE TABLE "signing_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" varchar(30) NOT NULL,
	"secret" varchar(128) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"retire_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "signing_key_purpose_idx" ON "signing_key" USING btree ("purpose","id");
--> statement-breakpoint
ALTER TABLE "course_file" ADD COLUMN "storage" varchar(20) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "course_file" ADD COLUMN "object_key" varchar(255) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "lesson" ADD COLUMN "storage" varchar(20) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "lesson" ADD COLUMN "object_key" varchar(255) DEFAULT '' NOT NULL;
--> statement-breakpoint
-- A demo shop seeded before this migration: its files and lessons get the private demo samples
-- that the server writes at start (catalogue/demo-media.ts).
UPDATE "course_file" SET "storage" = 'local_private', "object_key" = 'demo/sample.' || (CASE WHEN "format" IN ('zip', 'cube', 'pdf', 'wav', 'mp3', 'aep', 'mp4', 'mov') THEN "format" ELSE 'zip' END) WHERE "url" LIKE 'demo/%' AND "object_key" = '';
--> statement-breakpoint
UPDATE "lesson" SET "storage" = 'local_private', "object_key" = 'demo/lesson.mp4' WHERE "video" = '/storage/demo/preview.mp4' AND "object_key" = '';
