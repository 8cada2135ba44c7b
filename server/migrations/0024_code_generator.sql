-- The code generator's log (decision 045): one row per generated table with the designer's state.
CREATE TABLE "gen_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"design" jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"migration" varchar(100) DEFAULT '' NOT NULL,
	"created_table" smallint DEFAULT 0 NOT NULL,
	"admin_id" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gen_log_table_uq" ON "gen_log" USING btree ("table_name");--> statement-breakpoint
CREATE INDEX "gen_log_create_idx" ON "gen_log" USING btree ("create_time");
