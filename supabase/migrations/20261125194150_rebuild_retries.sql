ALTER TABLE "rebuild_runs" ADD COLUMN "attempt" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rebuild_runs" ADD COLUMN "not_before" timestamp with time zone;