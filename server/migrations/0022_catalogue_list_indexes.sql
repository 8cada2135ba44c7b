-- Decision 043: every storefront sort within a type or a kind, and the home banner, on an index.
CREATE INDEX IF NOT EXISTS "course_type_popular_idx" ON "course" USING btree ("type_id","status","sales" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_type_price_idx" ON "course" USING btree ("type_id","status","price","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_kind_popular_idx" ON "course" USING btree ("kind","status","sales" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_kind_price_idx" ON "course" USING btree ("kind","status","price","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_banner_idx" ON "course" USING btree ("weigh" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "status" = 'on_sale' AND "weigh" > 0;
