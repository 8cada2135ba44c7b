-- Decision 040: the back office's remaining tables on CRUD v2; every quick-search field on a trigram index.
CREATE INDEX IF NOT EXISTS "department_name_trgm_idx" ON "department" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "department_responsible_trgm_idx" ON "department" USING gin ("responsible" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "department_phone_trgm_idx" ON "department" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "department_email_trgm_idx" ON "department" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_name_trgm_idx" ON "job" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_code_trgm_idx" ON "job" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_remark_trgm_idx" ON "job" USING gin ("remark" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_data_recycle_name_trgm_idx" ON "security_data_recycle" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_data_recycle_controller_trgm_idx" ON "security_data_recycle" USING gin ("controller" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_data_recycle_data_table_trgm_idx" ON "security_data_recycle" USING gin ("data_table" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_data_recycle_log_controller_trgm_idx" ON "security_data_recycle_log" USING gin ("controller" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_data_recycle_log_data_table_trgm_idx" ON "security_data_recycle_log" USING gin ("data_table" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_sensitive_data_name_trgm_idx" ON "security_sensitive_data" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_sensitive_data_controller_trgm_idx" ON "security_sensitive_data" USING gin ("controller" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_sensitive_data_data_table_trgm_idx" ON "security_sensitive_data" USING gin ("data_table" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_sensitive_data_log_controller_trgm_idx" ON "security_sensitive_data_log" USING gin ("controller" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_sensitive_data_log_data_table_trgm_idx" ON "security_sensitive_data_log" USING gin ("data_table" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_sensitive_data_log_data_field_trgm_idx" ON "security_sensitive_data_log" USING gin ("data_field" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_sensitive_data_log_data_comment_trgm_idx" ON "security_sensitive_data_log" USING gin ("data_comment" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attachment_name_trgm_idx" ON "attachment" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attachment_url_trgm_idx" ON "attachment" USING gin ("url" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attachment_mimetype_trgm_idx" ON "attachment" USING gin ("mimetype" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "background_job_name_trgm_idx" ON "background_job" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "background_job_last_error_trgm_idx" ON "background_job" USING gin ("last_error" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_username_trgm_idx" ON "admin" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_nickname_trgm_idx" ON "admin" USING gin ("nickname" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_email_trgm_idx" ON "admin" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_mobile_trgm_idx" ON "admin" USING gin ("mobile" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_group_name_trgm_idx" ON "admin_group" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_rule_title_trgm_idx" ON "admin_rule" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_rule_name_trgm_idx" ON "admin_rule" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_log_username_trgm_idx" ON "admin_log" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_log_title_trgm_idx" ON "admin_log" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_log_url_trgm_idx" ON "admin_log" USING gin ("url" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_username_trgm_idx" ON "user" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_nickname_trgm_idx" ON "user" USING gin ("nickname" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_mobile_trgm_idx" ON "user" USING gin ("mobile" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_group_name_trgm_idx" ON "user_group" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_rule_title_trgm_idx" ON "user_rule" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_rule_name_trgm_idx" ON "user_rule" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_rule_path_trgm_idx" ON "user_rule" USING gin ("path" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_money_log_memo_trgm_idx" ON "user_money_log" USING gin ("memo" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_money_log_ref_id_trgm_idx" ON "user_money_log" USING gin ("ref_id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_score_log_memo_trgm_idx" ON "user_score_log" USING gin ("memo" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_score_log_ref_id_trgm_idx" ON "user_score_log" USING gin ("ref_id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_log_order_no_trgm_idx" ON "pay_log" USING gin ("order_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_log_trade_no_trgm_idx" ON "pay_log" USING gin ("trade_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_title_zh_trgm_idx" ON "course" USING gin ("title_zh" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_title_en_trgm_idx" ON "course" USING gin ("title_en" gin_trgm_ops);
