CREATE TABLE "admin" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"nickname" varchar(50) DEFAULT '' NOT NULL,
	"avatar" varchar(255) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"password" varchar(255) NOT NULL,
	"motto" varchar(255) DEFAULT '' NOT NULL,
	"is_super" smallint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'enable' NOT NULL,
	"login_failure" integer DEFAULT 0 NOT NULL,
	"last_login_time" timestamp with time zone,
	"last_login_ip" varchar(50) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"group" varchar(32) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"type" varchar(20) DEFAULT 'string' NOT NULL,
	"value" jsonb,
	"weigh" integer DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"type" varchar(15) NOT NULL,
	"owner_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer DEFAULT 1 NOT NULL,
	"username" varchar(32) NOT NULL,
	"nickname" varchar(50) DEFAULT '' NOT NULL,
	"email" varchar(100),
	"mobile" varchar(20),
	"avatar" varchar(255) DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"birthday" date,
	"money" bigint DEFAULT 0 NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"password" varchar(255) NOT NULL,
	"motto" varchar(255) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'enable' NOT NULL,
	"invite_code" varchar(16) NOT NULL,
	"inviter_id" integer,
	"vip_level" integer DEFAULT 0 NOT NULL,
	"vip_date" timestamp with time zone,
	"login_failure" integer DEFAULT 0 NOT NULL,
	"last_login_time" timestamp with time zone,
	"last_login_ip" varchar(50) DEFAULT '' NOT NULL,
	"join_time" timestamp with time zone DEFAULT now() NOT NULL,
	"join_ip" varchar(50) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_username_uq" ON "admin" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "token_owner_idx" ON "token" USING btree ("type","owner_id");--> statement-breakpoint
CREATE INDEX "token_expire_idx" ON "token" USING btree ("expire_time");--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_uq" ON "user" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_uq" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_mobile_uq" ON "user" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "user_invite_code_uq" ON "user" USING btree ("invite_code");