CREATE TABLE "coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(32),
	"kind" varchar(10) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"per_member" integer DEFAULT 1 NOT NULL,
	"scope" varchar(10) DEFAULT 'all' NOT NULL,
	"scope_ids" varchar(1000) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"admin_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_code_uq" ON "coupon" USING btree ("code") WHERE "coupon"."code" is not null;
--> statement-breakpoint
CREATE TABLE "member_coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" varchar(10) NOT NULL,
	"state" varchar(10) DEFAULT 'available' NOT NULL,
	"order_id" integer,
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"reserved_until" timestamp with time zone,
	"discount" bigint DEFAULT 0 NOT NULL,
	"admin_id" integer,
	"claim_time" timestamp with time zone DEFAULT now() NOT NULL,
	"use_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "member_coupon_user_idx" ON "member_coupon" USING btree ("user_id","state");
--> statement-breakpoint
CREATE INDEX "member_coupon_coupon_user_idx" ON "member_coupon" USING btree ("coupon_id","user_id");
--> statement-breakpoint
CREATE INDEX "member_coupon_order_idx" ON "member_coupon" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "commission" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"order_amount" bigint NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"amount" bigint NOT NULL,
	"reversed" bigint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "commission_order_uq" ON "commission" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "commission_inviter_idx" ON "commission" USING btree ("inviter_id","id" DESC NULLS FIRST);
--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "coupon_id" integer;
--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;
