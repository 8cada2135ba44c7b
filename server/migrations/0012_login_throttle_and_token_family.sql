-- Login throttling instead of account lockout (decision 027): failed and in-flight password logins.
CREATE TABLE "login_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" varchar(10) NOT NULL,
	"account" varchar(120) NOT NULL,
	"ip" varchar(50) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_attempt_account_idx" ON "login_attempt" USING btree ("scope","account","create_time");
--> statement-breakpoint
CREATE INDEX "login_attempt_ip_idx" ON "login_attempt" USING btree ("scope","ip","create_time");
--> statement-breakpoint
-- Refresh token rotation with reuse detection (decision 028): tokens of one login share a family.
ALTER TABLE "token" ADD COLUMN "family" varchar(32) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "token" ADD COLUMN "use_time" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "token_family_idx" ON "token" USING btree ("family");
