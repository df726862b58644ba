CREATE TYPE "public"."article_draft_status" AS ENUM('queued', 'running', 'pending', 'accepted', 'discarded', 'failed');--> statement-breakpoint
CREATE TABLE "article_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"status" "article_draft_status" DEFAULT 'pending' NOT NULL,
	"article_html" text,
	"facts" jsonb,
	"source_url" text NOT NULL,
	"model" text,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "article_drafts" ADD CONSTRAINT "article_drafts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_drafts" ADD CONSTRAINT "article_drafts_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_drafts" ADD CONSTRAINT "article_drafts_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_drafts_post_idx" ON "article_drafts" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_drafts_queue_idx" ON "article_drafts" USING btree ("created_at") WHERE "article_drafts"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "article_drafts_one_open_per_post" ON "article_drafts" USING btree ("post_id") WHERE "article_drafts"."status" IN ('queued', 'running', 'pending');--> statement-breakpoint
-- Row-level security, as on every table: the Supabase Data API exposes nothing.
ALTER TABLE public.article_drafts ENABLE ROW LEVEL SECURITY;
