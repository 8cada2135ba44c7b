CREATE TABLE "user_money_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"money" bigint NOT NULL,
	"before" bigint NOT NULL,
	"after" bigint NOT NULL,
	"memo" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_score_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"before" bigint NOT NULL,
	"after" bigint NOT NULL,
	"memo" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_money_log_user_idx" ON "user_money_log" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "user_score_log_user_idx" ON "user_score_log" USING btree ("user_id","id");
--> statement-breakpoint
CREATE TABLE "user_check_in" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer DEFAULT 1 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_check_in_day_uq" ON "user_check_in" USING btree ("user_id","day");
