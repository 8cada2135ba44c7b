-- Generic CRUD v2 (decision 040): the shop's notices get a display window and a weight, SMS
-- templates per event and provider, the export jobs' files, and trigram indexes behind the quick
-- search of the new back-office tables (ILIKE '%…%' uses them; pg_trgm is loaded since 0005).
ALTER TABLE "notice" ADD COLUMN "weigh" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "notice" ADD COLUMN "start_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notice" ADD COLUMN "end_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notice" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "notice_title_zh_trgm_idx" ON "notice" USING gin ("title_zh" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "notice_title_en_trgm_idx" ON "notice" USING gin ("title_en" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "type_name_zh_trgm_idx" ON "type" USING gin ("name_zh" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "type_name_en_trgm_idx" ON "type" USING gin ("name_en" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "sms_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" varchar(30) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"template_code" varchar(64) DEFAULT '' NOT NULL,
	"content" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sms_template_event_provider_uq" ON "sms_template" USING btree ("event","provider");
--> statement-breakpoint
CREATE INDEX "sms_template_code_trgm_idx" ON "sms_template" USING gin ("template_code" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "crud_export" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"controller" varchar(100) NOT NULL,
	"format" varchar(4) NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"file_key" varchar(255) DEFAULT '' NOT NULL,
	"file_name" varchar(150) DEFAULT '' NOT NULL,
	"error" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "crud_export_admin_idx" ON "crud_export" USING btree ("admin_id","create_time");
--> statement-breakpoint
CREATE INDEX "shop_order_no_trgm_idx" ON "shop_order" USING gin ("order_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "shop_order_trade_no_trgm_idx" ON "shop_order" USING gin ("trade_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "sms_log_mobile_trgm_idx" ON "sms_log" USING gin ("mobile" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "sms_log_content_trgm_idx" ON "sms_log" USING gin ("content" gin_trgm_ops);
