ALTER TABLE "rebuild_runs" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "rebuild_runs" ADD COLUMN "progress" smallint;