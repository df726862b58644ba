CREATE TABLE "review_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_replies_body_length" CHECK (char_length("review_replies"."body") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_replies_review_key" ON "review_replies" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_replies_user_idx" ON "review_replies" USING btree ("user_id");--> statement-breakpoint
-- Every table in public has row-level security with no policies: a Supabase Data API exposes nothing.
ALTER TABLE public.review_replies ENABLE ROW LEVEL SECURITY;
