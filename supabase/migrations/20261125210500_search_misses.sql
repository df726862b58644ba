CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 1 NOT NULL,
	"results" smallint NOT NULL,
	CONSTRAINT "search_misses_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_misses_query_length" CHECK (char_length("search_misses"."query") BETWEEN 1 AND 100)
);
--> statement-breakpoint
-- Row-level security, as on every table: the Supabase Data API exposes nothing.
ALTER TABLE public.search_misses ENABLE ROW LEVEL SECURITY;
