CREATE TYPE "public"."review_status" AS ENUM('published', 'hidden');--> statement-breakpoint
CREATE TABLE "review_reports" (
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"pros" text DEFAULT '' NOT NULL,
	"cons" text DEFAULT '' NOT NULL,
	"status" "review_status" DEFAULT 'published' NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_text_lengths" CHECK (char_length("reviews"."title") <= 120 AND char_length("reviews"."body") <= 4000 AND char_length("reviews"."pros") <= 1000 AND char_length("reviews"."cons") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_user_idx" ON "review_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_reports_created_idx" ON "review_reports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_post_user_key" ON "reviews" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_post_created_idx" ON "reviews" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- Row-level security, as on every table: the Supabase Data API exposes nothing.
ALTER TABLE public.reviews ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE public.review_votes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE public.review_reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- posts.rating_count and rating_sum follow the published reviews in the same transaction as each change, whatever
-- makes it (an author, an admin, a cascade from a deleted account or tool). A change the tool page shows (the stars,
-- the texts, hiding) stamps the page, so the server renders it on demand with the new aggregateRating JSON-LD, and
-- moves the content version so cards and «Más valoradas» catch up with the rebuild. Votes do neither.
CREATE FUNCTION public.reviews_apply_to_post() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
DECLARE
  affected uuid;
  count_delta integer := 0;
  sum_delta integer := 0;
BEGIN
  IF TG_OP = 'DELETE' THEN
    affected := OLD.post_id;
  ELSE
    affected := NEW.post_id;
    IF NEW.status = 'published' THEN
      count_delta := 1;
      sum_delta := NEW.rating;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'published' THEN
      count_delta := count_delta - 1;
      sum_delta := sum_delta - OLD.rating;
    END IF;
  END IF;
  UPDATE posts
     SET rating_count = rating_count + count_delta,
         rating_sum = rating_sum + sum_delta,
         page_changed_at = CASE WHEN status = 'published' AND created_at < now() THEN clock_timestamp() ELSE page_changed_at END
   WHERE id = affected;
  IF EXISTS (SELECT 1 FROM posts WHERE id = affected AND status = 'published') THEN
    PERFORM nextval('public.content_version_seq');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_insert_delete_post
  AFTER INSERT OR DELETE ON public.reviews
  FOR EACH ROW EXECUTE FUNCTION public.reviews_apply_to_post();
--> statement-breakpoint
CREATE TRIGGER reviews_update_post
  AFTER UPDATE OF rating, title, body, pros, cons, status ON public.reviews
  FOR EACH ROW WHEN ((OLD.rating, OLD.title, OLD.body, OLD.pros, OLD.cons, OLD.status)
    IS DISTINCT FROM (NEW.rating, NEW.title, NEW.body, NEW.pros, NEW.cons, NEW.status))
  EXECUTE FUNCTION public.reviews_apply_to_post();
--> statement-breakpoint
-- «¿Te ha sido útil?» counts follow the votes, a voter's deleted account included.
CREATE FUNCTION public.review_votes_count() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = NEW.review_id;
  ELSE
    UPDATE reviews SET helpful_count = GREATEST(helpful_count - 1, 0) WHERE id = OLD.review_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER review_votes_count
  AFTER INSERT OR DELETE ON public.review_votes
  FOR EACH ROW EXECUTE FUNCTION public.review_votes_count();
