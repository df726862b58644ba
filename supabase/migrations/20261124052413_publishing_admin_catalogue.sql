CREATE TYPE "public"."ai_utility" AS ENUM('images', 'descriptions', 'stories');--> statement-breakpoint
CREATE TYPE "public"."image_source" AS ENUM('none', 'author', 'admin', 'curated', 'enrichment');--> statement-breakpoint
CREATE TYPE "public"."link_status" AS ENUM('unknown', 'ok', 'failing', 'moved');--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"utility" "ai_utility" NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"http_status" smallint,
	"final_url" text,
	"error" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "post_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redirects" DROP CONSTRAINT "redirects_status_code_check";--> statement-breakpoint
ALTER TABLE "redirects" ALTER COLUMN "to_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "clicks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "popularity_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "editorial_rank" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "discontinued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "link_status" "link_status" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "check_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "http_status" smallint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "final_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "enrichment" jsonb;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_source" "image_source" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "logo_source" "image_source" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_clicks" ADD CONSTRAINT "post_clicks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_clicks" ADD CONSTRAINT "post_clicks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_utility_created_idx" ON "ai_usage" USING btree ("utility","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "link_checks_post_checked_idx" ON "link_checks" USING btree ("post_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_clicks_post_created_idx" ON "post_clicks" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_clicks_post_session_idx" ON "post_clicks" USING btree ("post_id","session_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_status_clicks_idx" ON "posts" USING btree ("status","clicks" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_status_popularity_idx" ON "posts" USING btree ("status","popularity_score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_domain_idx" ON "posts" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "posts_link_status_idx" ON "posts" USING btree ("link_status");--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_target_check" CHECK (("redirects"."status_code" = 410) = ("redirects"."to_path" IS NULL));--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_status_code_check" CHECK ("redirects"."status_code" in (301, 302, 307, 308, 410));