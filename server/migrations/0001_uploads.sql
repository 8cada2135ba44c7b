CREATE TABLE "attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" varchar(20) DEFAULT 'default' NOT NULL,
	"admin_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"url" varchar(255) NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mimetype" varchar(100) DEFAULT '' NOT NULL,
	"quote" integer DEFAULT 1 NOT NULL,
	"storage" varchar(20) DEFAULT 'local' NOT NULL,
	"sha1" varchar(40) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_upload_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_sha1_topic_storage_uq" ON "attachment" USING btree ("sha1","topic","storage");
--> statement-breakpoint
CREATE INDEX "attachment_topic_idx" ON "attachment" USING btree ("topic");
--> statement-breakpoint
CREATE INDEX "attachment_last_upload_idx" ON "attachment" USING btree ("last_upload_time" desc);
--> statement-breakpoint
CREATE TABLE "area" (
	"id" integer PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"level" smallint NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "area_pid_level_idx" ON "area" USING btree ("pid","level");
