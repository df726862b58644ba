ALTER TABLE "posts" ADD COLUMN "page_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "posts_page_changed_idx" ON "posts" USING btree ("page_changed_at");