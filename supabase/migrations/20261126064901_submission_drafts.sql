CREATE TABLE "submission_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_drafts" ADD CONSTRAINT "submission_drafts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_drafts_user_idx" ON "submission_drafts" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
-- Row-level security, as on every table: the Supabase Data API exposes nothing.
ALTER TABLE public.submission_drafts ENABLE ROW LEVEL SECURITY;
