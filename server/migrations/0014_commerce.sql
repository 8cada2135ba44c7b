CREATE TABLE "cart" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_user_course_uq" ON "cart" USING btree ("user_id","course_id");
--> statement-breakpoint
CREATE INDEX "cart_course_idx" ON "cart" USING btree ("course_id");
--> statement-breakpoint
CREATE TABLE "shop_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"state" varchar(10) DEFAULT 'unpaid' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"pay_method" varchar(20),
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"memo" varchar(255) DEFAULT '' NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"pay_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"refund_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shop_order_no_uq" ON "shop_order" USING btree ("order_no");
--> statement-breakpoint
CREATE INDEX "shop_order_user_idx" ON "shop_order" USING btree ("user_id","id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "shop_order_unpaid_expire_idx" ON "shop_order" USING btree ("expire_time") WHERE "shop_order"."state" = 'unpaid';
--> statement-breakpoint
CREATE TABLE "order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"course_id" integer,
	"title" varchar(200) NOT NULL,
	"cover" varchar(255) DEFAULT '' NOT NULL,
	"list_price" bigint NOT NULL,
	"price" bigint NOT NULL,
	"reason" varchar(20) DEFAULT 'list' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_line_order_idx" ON "order_line" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "order_line_course_idx" ON "order_line" USING btree ("course_id");
--> statement-breakpoint
CREATE TABLE "ownership" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_user_course_uq" ON "ownership" USING btree ("user_id","course_id");
--> statement-breakpoint
CREATE INDEX "ownership_order_idx" ON "ownership" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "pay_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"order_no" varchar(40) DEFAULT '' NOT NULL,
	"user_id" integer,
	"method" varchar(20) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"state" varchar(12) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(8) DEFAULT '' NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"raw" text DEFAULT '' NOT NULL,
	"ip" varchar(50) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pay_log_user_idx" ON "pay_log" USING btree ("user_id","id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "pay_log_order_idx" ON "pay_log" USING btree ("order_id");
