CREATE TABLE "admin_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(100) NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"data_scope" varchar(10) DEFAULT 'all' NOT NULL,
	"admin_id" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_group_access" (
	"uid" integer NOT NULL,
	"group_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer DEFAULT 0 NOT NULL,
	"username" varchar(20) DEFAULT '' NOT NULL,
	"url" varchar(1500) DEFAULT '' NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"data" jsonb,
	"ip" varchar(50) DEFAULT '' NOT NULL,
	"useragent" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"type" varchar(10) DEFAULT 'menu' NOT NULL,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"name" varchar(100) NOT NULL,
	"path" varchar(100) DEFAULT '' NOT NULL,
	"icon" varchar(50) DEFAULT '' NOT NULL,
	"menu_type" varchar(10) DEFAULT 'tab' NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	"component" varchar(100) DEFAULT '' NOT NULL,
	"keepalive" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" varchar(100) NOT NULL,
	"responsible" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL,
	"createtime" timestamp with time zone DEFAULT now() NOT NULL,
	"updatetime" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(50) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"createtime" timestamp with time zone DEFAULT now() NOT NULL,
	"updatetime" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_data_recycle" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"controller" varchar(100) NOT NULL,
	"data_table" varchar(100) NOT NULL,
	"primary_key" varchar(50) DEFAULT 'id' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_data_recycle_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer DEFAULT 0 NOT NULL,
	"recycle_id" integer DEFAULT 0 NOT NULL,
	"controller" varchar(100) NOT NULL,
	"data_table" varchar(100) NOT NULL,
	"primary_key" varchar(50) DEFAULT 'id' NOT NULL,
	"data" jsonb NOT NULL,
	"ip" varchar(50) DEFAULT '' NOT NULL,
	"useragent" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_sensitive_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"controller" varchar(100) NOT NULL,
	"data_table" varchar(100) NOT NULL,
	"primary_key" varchar(50) DEFAULT 'id' NOT NULL,
	"data_fields" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_sensitive_data_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer DEFAULT 0 NOT NULL,
	"sensitive_data_id" integer DEFAULT 0 NOT NULL,
	"controller" varchar(100) NOT NULL,
	"data_table" varchar(100) NOT NULL,
	"primary_key" varchar(50) DEFAULT 'id' NOT NULL,
	"data_field" varchar(50) NOT NULL,
	"data_comment" varchar(100) DEFAULT '' NOT NULL,
	"id_value" integer NOT NULL,
	"before" text,
	"after" text,
	"ip" varchar(50) DEFAULT '' NOT NULL,
	"useragent" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_group_access_uq" ON "admin_group_access" USING btree ("uid","group_id");
--> statement-breakpoint
CREATE INDEX "admin_group_access_group_idx" ON "admin_group_access" USING btree ("group_id");
--> statement-breakpoint
CREATE INDEX "admin_log_admin_idx" ON "admin_log" USING btree ("admin_id");
--> statement-breakpoint
CREATE INDEX "admin_log_time_idx" ON "admin_log" USING btree ("create_time");
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_rule_name_uq" ON "admin_rule" USING btree ("name");
--> statement-breakpoint
CREATE INDEX "admin_rule_pid_idx" ON "admin_rule" USING btree ("pid");
--> statement-breakpoint
CREATE INDEX "department_pid_idx" ON "department" USING btree ("pid");
--> statement-breakpoint
CREATE UNIQUE INDEX "job_code_uq" ON "job" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "security_data_recycle_controller_uq" ON "security_data_recycle" USING btree ("controller");
--> statement-breakpoint
CREATE INDEX "security_data_recycle_log_time_idx" ON "security_data_recycle_log" USING btree ("create_time");
--> statement-breakpoint
CREATE UNIQUE INDEX "security_sensitive_data_controller_uq" ON "security_sensitive_data" USING btree ("controller");
--> statement-breakpoint
CREATE INDEX "security_sensitive_data_log_time_idx" ON "security_sensitive_data_log" USING btree ("create_time");
