CREATE TABLE "background_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"unique_key" varchar(200),
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"run_time" timestamp with time zone DEFAULT now() NOT NULL,
	"lock_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_schedule" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"interval_ms" integer NOT NULL,
	"next_run_time" timestamp with time zone NOT NULL,
	"last_run_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "background_job_due_idx" ON "background_job" USING btree ("state","run_time");
--> statement-breakpoint
CREATE UNIQUE INDEX "background_job_unique_uq" ON "background_job" USING btree ("name","unique_key") WHERE state in ('queued', 'running');
