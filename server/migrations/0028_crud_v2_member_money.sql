-- Decision 050: the member-money tables on CRUD v2; every quick-search field on a trigram index.
CREATE INDEX IF NOT EXISTS "coupon_name_trgm_idx" ON "coupon" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupon_code_trgm_idx" ON "coupon" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_coupon_order_no_trgm_idx" ON "member_coupon" USING gin ("order_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commission_order_no_trgm_idx" ON "commission" USING gin ("order_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vip_name_zh_trgm_idx" ON "vip" USING gin ("name_zh" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vip_name_en_trgm_idx" ON "vip" USING gin ("name_en" gin_trgm_ops);
