CREATE TABLE "sandbox_trade" (
	"trade_no" varchar(64) PRIMARY KEY NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(8) NOT NULL,
	"state" varchar(12) DEFAULT 'unpaid' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_trade_order_idx" ON "sandbox_trade" USING btree ("order_no");
