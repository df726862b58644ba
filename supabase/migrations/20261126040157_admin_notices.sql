CREATE TABLE "admin_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "admin_notices_kind_check" CHECK ("admin_notices"."kind" in ('new', 'resubmitted', 'withdrawn'))
);
--> statement-breakpoint
CREATE INDEX "admin_notices_unsent_idx" ON "admin_notices" USING btree ("created_at") WHERE "admin_notices"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "admin_notices_sent_idx" ON "admin_notices" USING btree ("sent_at");--> statement-breakpoint
-- Row-level security, as on every table: the Supabase Data API exposes nothing.
ALTER TABLE public.admin_notices ENABLE ROW LEVEL SECURITY;
