CREATE TYPE "public"."fact_answer" AS ENUM('yes', 'no', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."free_plan" AS ENUM('yes', 'trial', 'no', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."price_period" AS ENUM('month', 'year', 'once', 'usage');--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spanish_interface" "fact_answer" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spanish_output" "fact_answer" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spanish_voice" "fact_answer" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "free_plan" "free_plan" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_from_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_from_currency" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_from_period" "price_period";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "platforms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "open_source" "fact_answer" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "company_country" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "launch_year" smallint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "signup_required" "fact_answer" DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "facts_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "facts_checked_by" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_facts_checked_by_profiles_id_fk" FOREIGN KEY ("facts_checked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_price_from_complete" CHECK (("posts"."price_from_amount" IS NULL) = ("posts"."price_from_currency" IS NULL) AND ("posts"."price_from_amount" IS NULL) = ("posts"."price_from_period" IS NULL));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_price_from_currency" CHECK ("posts"."price_from_currency" IN ('EUR', 'USD', 'GBP'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_price_from_amount" CHECK ("posts"."price_from_amount" >= 0);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_platforms_known" CHECK ("posts"."platforms" <@ ARRAY['web', 'ios', 'android', 'windows', 'macos', 'linux', 'extension', 'api', 'self_hosted']::text[]);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_company_country" CHECK ("posts"."company_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_launch_year" CHECK ("posts"."launch_year" BETWEEN 1990 AND 2100);--> statement-breakpoint
-- What the seeded pricing model already says, as facts: a free or freemium tool has a free plan, an open-source
-- one is open source. Nothing else is inferred (unknown stays unknown).
UPDATE "posts" SET "free_plan" = 'yes' WHERE "pricing" IN ('free', 'freemium') AND "free_plan" = 'unknown';--> statement-breakpoint
UPDATE "posts" SET "open_source" = 'yes' WHERE "pricing" = 'open_source' AND "open_source" = 'unknown';--> statement-breakpoint
-- A published tool's facts show on its page (the facts box, the JSON-LD) and in the filters: changing them stamps
-- its page and moves the content version, like the columns of 20261124061636_page_changed_at_rules.sql.
CREATE TRIGGER posts_facts_page_changed
  BEFORE UPDATE OF spanish_interface, spanish_output, spanish_voice, free_plan, price_from_amount, price_from_currency,
    price_from_period, platforms, open_source, license, company, company_country, launch_year, signup_required,
    facts_checked_at
  ON public.posts
  FOR EACH ROW WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND OLD.created_at < now()
    AND (OLD.spanish_interface, OLD.spanish_output, OLD.spanish_voice, OLD.free_plan, OLD.price_from_amount,
         OLD.price_from_currency, OLD.price_from_period, OLD.platforms, OLD.open_source, OLD.license, OLD.company,
         OLD.company_country, OLD.launch_year, OLD.signup_required, OLD.facts_checked_at)
      IS DISTINCT FROM
        (NEW.spanish_interface, NEW.spanish_output, NEW.spanish_voice, NEW.free_plan, NEW.price_from_amount,
         NEW.price_from_currency, NEW.price_from_period, NEW.platforms, NEW.open_source, NEW.license, NEW.company,
         NEW.company_country, NEW.launch_year, NEW.signup_required, NEW.facts_checked_at))
  EXECUTE FUNCTION public.posts_stamp_page_change();
--> statement-breakpoint
CREATE TRIGGER posts_facts_content_version
  AFTER UPDATE OF spanish_interface, spanish_output, spanish_voice, free_plan, price_from_amount, price_from_currency,
    price_from_period, platforms, open_source, license, company, company_country, launch_year, signup_required,
    facts_checked_at
  ON public.posts
  FOR EACH ROW WHEN ((OLD.status = 'published' OR NEW.status = 'published')
    AND (OLD.spanish_interface, OLD.spanish_output, OLD.spanish_voice, OLD.free_plan, OLD.price_from_amount,
         OLD.price_from_currency, OLD.price_from_period, OLD.platforms, OLD.open_source, OLD.license, OLD.company,
         OLD.company_country, OLD.launch_year, OLD.signup_required, OLD.facts_checked_at)
      IS DISTINCT FROM
        (NEW.spanish_interface, NEW.spanish_output, NEW.spanish_voice, NEW.free_plan, NEW.price_from_amount,
         NEW.price_from_currency, NEW.price_from_period, NEW.platforms, NEW.open_source, NEW.license, NEW.company,
         NEW.company_country, NEW.launch_year, NEW.signup_required, NEW.facts_checked_at))
  EXECUTE FUNCTION public.bump_content_version_row();
