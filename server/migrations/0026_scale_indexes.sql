-- Decision 049: the request a background job was queued under (its log lines carry it), and indexes
-- so that every query of my-orders, the admin orders list, the dashboard and the payment paths
-- runs on an index at a million orders.
ALTER TABLE "background_job" ADD COLUMN "request_id" varchar(64);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_state_id_idx" ON "shop_order" USING btree ("state","id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_method_id_idx" ON "shop_order" USING btree ("pay_method","id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_kind_id_idx" ON "shop_order" USING btree ("kind","id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_create_time_idx" ON "shop_order" USING btree ("create_time");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_pay_time_idx" ON "shop_order" USING btree ("pay_time");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_amount_idx" ON "shop_order" USING btree ("amount");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_paid_sales_idx" ON "shop_order" USING btree ("pay_time","kind","amount","refunded_amount","id") WHERE "state" IN ('paid', 'refunded');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_log_trade_idx" ON "pay_log" USING btree ("method","trade_no");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_last_login_time_idx" ON "user" USING btree ("last_login_time");
