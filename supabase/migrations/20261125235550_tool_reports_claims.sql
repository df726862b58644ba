CREATE TYPE "public"."claim_method" AS ENUM('email', 'site');--> statement-breakpoint
CREATE TYPE "public"."claim_status" AS ENUM('pending', 'verified', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."proposal_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('wrong_info', 'broken_link', 'duplicate', 'unsafe', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TABLE "listing_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"changes" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"status" "proposal_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "tool_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"method" "claim_method" NOT NULL,
	"email" text,
	"token_hash" text NOT NULL,
	"status" "claim_status" DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tool_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text,
	"reason" "report_reason" NOT NULL,
	"details" text,
	"email" text,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "tool_reports_details_length" CHECK (char_length("tool_reports"."details") <= 1000),
	CONSTRAINT "tool_reports_email_length" CHECK (char_length("tool_reports"."email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "listing_proposals" ADD CONSTRAINT "listing_proposals_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_proposals" ADD CONSTRAINT "listing_proposals_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_proposals" ADD CONSTRAINT "listing_proposals_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_claims" ADD CONSTRAINT "tool_claims_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_claims" ADD CONSTRAINT "tool_claims_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_reports" ADD CONSTRAINT "tool_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_reports" ADD CONSTRAINT "tool_reports_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_reports" ADD CONSTRAINT "tool_reports_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_proposals_status_idx" ON "listing_proposals" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_proposals_user_idx" ON "listing_proposals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_claims_token_hash_idx" ON "tool_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_claims_one_verified_idx" ON "tool_claims" USING btree ("post_id") WHERE "tool_claims"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "tool_claims_user_idx" ON "tool_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tool_reports_open_idx" ON "tool_reports" USING btree ("status","post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_reports_user_idx" ON "tool_reports" USING btree ("user_id");--> statement-breakpoint
-- Row-level security, as on every table: the Supabase Data API exposes nothing.
ALTER TABLE public.tool_reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE public.tool_claims ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE public.listing_proposals ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- The «Verificada por su creador» badge is on the static tool page: a claim becoming or ceasing to be verified
-- stamps that page (rendered on demand until the rebuild) and moves the content version, as a post edit does.
CREATE FUNCTION public.tool_claims_page_change() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  UPDATE posts SET page_changed_at = clock_timestamp() WHERE id = coalesce(NEW.post_id, OLD.post_id) AND status = 'published';
  PERFORM nextval('public.content_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tool_claims_verified_page_changed
  AFTER UPDATE OF status ON public.tool_claims
  FOR EACH ROW WHEN ((OLD.status = 'verified') IS DISTINCT FROM (NEW.status = 'verified'))
  EXECUTE FUNCTION public.tool_claims_page_change();
--> statement-breakpoint
-- A verified maker who deletes their account takes the badge with them (the claim goes by cascade).
CREATE TRIGGER tool_claims_verified_deleted
  AFTER DELETE ON public.tool_claims
  FOR EACH ROW WHEN (OLD.status = 'verified')
  EXECUTE FUNCTION public.tool_claims_page_change();
