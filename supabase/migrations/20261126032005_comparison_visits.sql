CREATE TABLE "comparison_visits" (
	"slug_a" text NOT NULL,
	"slug_b" text NOT NULL,
	"visitor" text NOT NULL,
	"seen_on" date DEFAULT now() NOT NULL,
	CONSTRAINT "comparison_visits_slug_a_slug_b_visitor_pk" PRIMARY KEY("slug_a","slug_b","visitor")
);
--> statement-breakpoint
CREATE INDEX "comparison_visits_seen_idx" ON "comparison_visits" USING btree ("seen_on");--> statement-breakpoint
CREATE INDEX "comparison_visits_visitor_idx" ON "comparison_visits" USING btree ("visitor","seen_on");--> statement-breakpoint
-- Every table in public has row-level security with no policies: a Supabase Data API exposes nothing.
ALTER TABLE public.comparison_visits ENABLE ROW LEVEL SECURITY;
