-- Ledger v2 (decision 019): each entry names its business event and a unique reference.
ALTER TABLE "user_money_log" ADD COLUMN "kind" varchar(20);
--> statement-breakpoint
ALTER TABLE "user_money_log" ADD COLUMN "ref_type" varchar(40);
--> statement-breakpoint
ALTER TABLE "user_money_log" ADD COLUMN "ref_id" varchar(64);
--> statement-breakpoint
ALTER TABLE "user_money_log" ADD COLUMN "admin_id" integer;
--> statement-breakpoint
UPDATE "user_money_log" SET
	"kind" = CASE WHEN "memo" LIKE 'check-in:%' THEN 'checkin' WHEN "memo" LIKE 'invite:%' THEN 'invite' ELSE 'legacy' END,
	"ref_type" = 'legacy',
	"ref_id" = "id"::text,
	"memo" = CASE WHEN "memo" LIKE 'check-in:%' THEN substr("memo", 10) WHEN "memo" LIKE 'invite:%' THEN '' ELSE "memo" END;
--> statement-breakpoint
ALTER TABLE "user_money_log" ALTER COLUMN "kind" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_money_log" ALTER COLUMN "ref_type" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_money_log" ALTER COLUMN "ref_id" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "user_money_log_ref_uq" ON "user_money_log" USING btree ("kind","ref_type","ref_id");
--> statement-breakpoint
ALTER TABLE "user_score_log" ADD COLUMN "kind" varchar(20);
--> statement-breakpoint
ALTER TABLE "user_score_log" ADD COLUMN "ref_type" varchar(40);
--> statement-breakpoint
ALTER TABLE "user_score_log" ADD COLUMN "ref_id" varchar(64);
--> statement-breakpoint
ALTER TABLE "user_score_log" ADD COLUMN "admin_id" integer;
--> statement-breakpoint
UPDATE "user_score_log" SET
	"kind" = CASE WHEN "memo" LIKE 'check-in:%' THEN 'checkin' WHEN "memo" LIKE 'invite:%' THEN 'invite' ELSE 'legacy' END,
	"ref_type" = 'legacy',
	"ref_id" = "id"::text,
	"memo" = CASE WHEN "memo" LIKE 'check-in:%' THEN substr("memo", 10) WHEN "memo" LIKE 'invite:%' THEN '' ELSE "memo" END;
--> statement-breakpoint
ALTER TABLE "user_score_log" ALTER COLUMN "kind" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_score_log" ALTER COLUMN "ref_type" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_score_log" ALTER COLUMN "ref_id" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "user_score_log_ref_uq" ON "user_score_log" USING btree ("kind","ref_type","ref_id");
