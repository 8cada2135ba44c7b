CREATE TABLE "user_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"type" varchar(20) DEFAULT 'menu' NOT NULL,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"name" varchar(100) NOT NULL,
	"path" varchar(100) DEFAULT '' NOT NULL,
	"icon" varchar(50) DEFAULT '' NOT NULL,
	"menu_type" varchar(10) DEFAULT 'tab' NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	"component" varchar(100) DEFAULT '' NOT NULL,
	"keepalive" smallint DEFAULT 0 NOT NULL,
	"no_login_valid" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"weigh" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_rule_name_uq" ON "user_rule" USING btree ("name");
--> statement-breakpoint
CREATE INDEX "user_rule_pid_idx" ON "user_rule" USING btree ("pid");
