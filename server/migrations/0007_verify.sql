-- Click captcha answers (when Redis is not configured), e-mail/SMS codes and the SMS log (decision 010).
CREATE TABLE "captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"event" varchar(30) DEFAULT '' NOT NULL,
	"template_code" varchar(64) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"target" varchar(100) NOT NULL,
	"event" varchar(30) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" varchar(50) DEFAULT '' NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"use_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captcha_expire_idx" ON "captcha" USING btree ("expire_time");
--> statement-breakpoint
CREATE INDEX "sms_log_mobile_idx" ON "sms_log" USING btree ("mobile","create_time");
--> statement-breakpoint
CREATE INDEX "verification_code_target_idx" ON "verification_code" USING btree ("channel","target","create_time");
--> statement-breakpoint
CREATE INDEX "verification_code_ip_idx" ON "verification_code" USING btree ("ip","create_time");
