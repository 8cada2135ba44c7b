CREATE TABLE "browse_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"view_count" integer DEFAULT 1 NOT NULL,
	"last_view_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "type" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name_zh" varchar(50) NOT NULL,
	"name_en" varchar(50) DEFAULT '' NOT NULL,
	"icon" varchar(255) DEFAULT '' NOT NULL,
	"layout" varchar(10) DEFAULT 'course' NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title_zh" varchar(120) NOT NULL,
	"title_en" varchar(160) DEFAULT '' NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collect" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"type_id" integer NOT NULL,
	"title_zh" varchar(120) NOT NULL,
	"title_en" varchar(160) DEFAULT '' NOT NULL,
	"subtitle_zh" varchar(255) DEFAULT '' NOT NULL,
	"subtitle_en" varchar(255) DEFAULT '' NOT NULL,
	"cover" varchar(255) DEFAULT '' NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview_video" varchar(255) DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"original_price" bigint DEFAULT 0 NOT NULL,
	"vip_free_level" integer DEFAULT 0 NOT NULL,
	"vip_price" bigint,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"format" varchar(20) DEFAULT '' NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_tag" (
	"course_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "course_tag_course_id_tag_id_pk" PRIMARY KEY("course_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "lesson" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"title_zh" varchar(120) NOT NULL,
	"title_en" varchar(160) DEFAULT '' NOT NULL,
	"video" varchar(255) DEFAULT '' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"free_preview" smallint DEFAULT 0 NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh" varchar(120) NOT NULL,
	"title_en" varchar(160) DEFAULT '' NOT NULL,
	"content_zh" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"publish_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" varchar(30) NOT NULL,
	"name_en" varchar(40) DEFAULT '' NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"name_zh" varchar(50) NOT NULL,
	"name_en" varchar(50) DEFAULT '' NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"list_price" bigint DEFAULT 0 NOT NULL,
	"benefits_zh" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"benefits_en" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "browse_history_user_course_uq" ON "browse_history" USING btree ("user_id","course_id");
--> statement-breakpoint
CREATE INDEX "browse_history_user_time_idx" ON "browse_history" USING btree ("user_id","last_view_time" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "type_pid_idx" ON "type" USING btree ("pid");
--> statement-breakpoint
CREATE INDEX "chapter_course_idx" ON "chapter" USING btree ("course_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "collect_user_course_uq" ON "collect" USING btree ("user_id","course_id");
--> statement-breakpoint
CREATE INDEX "collect_user_time_idx" ON "collect" USING btree ("user_id","create_time" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "course_status_newest_idx" ON "course" USING btree ("status","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "course_status_popular_idx" ON "course" USING btree ("status","sales" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "course_status_price_idx" ON "course" USING btree ("status","price","id");
--> statement-breakpoint
CREATE INDEX "course_type_newest_idx" ON "course" USING btree ("type_id","status","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "course_kind_newest_idx" ON "course" USING btree ("kind","status","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "course_file_course_idx" ON "course_file" USING btree ("course_id");
--> statement-breakpoint
CREATE INDEX "course_tag_tag_idx" ON "course_tag" USING btree ("tag_id","course_id");
--> statement-breakpoint
CREATE INDEX "lesson_course_idx" ON "lesson" USING btree ("course_id");
--> statement-breakpoint
CREATE INDEX "lesson_chapter_idx" ON "lesson" USING btree ("chapter_id");
--> statement-breakpoint
CREATE INDEX "notice_status_publish_idx" ON "notice" USING btree ("status","publish_time" DESC NULLS FIRST);
--> statement-breakpoint
CREATE UNIQUE INDEX "tag_name_zh_uq" ON "tag" USING btree ("name_zh");
--> statement-breakpoint
CREATE INDEX "vip_status_weigh_idx" ON "vip" USING btree ("status","weigh");
