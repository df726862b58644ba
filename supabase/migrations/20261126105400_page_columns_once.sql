-- The columns of posts a published tool's page (and the cards and listings built from it) shows, written once.
-- Until now each rule (stamp posts.page_changed_at, move the content version) spelt them out three times in
-- each of its triggers, and the use cases and the facts had triggers of their own. A migration that adds a column
-- a page shows replaces post_page_columns() and calls define_post_page_rules() again;
-- tests/integration/page-columns.test.ts fails when a column the tool page selects is missing from the list.
-- Left out on purpose: id and created_at never change, updated_at moves with every write, rating_count and
-- rating_sum are kept by the reviews' own trigger (which stamps the page itself), article_text_length is generated
-- from content, and the categories and the maker's claim live in other tables with triggers of their own.
CREATE FUNCTION public.post_page_columns() RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT ARRAY[
    'title', 'slug', 'description', 'content', 'url', 'image_url', 'logo_url', 'video_url',
    'category_id', 'user_id', 'author', 'keywords', 'pricing', 'status', 'is_featured', 'is_popular', 'is_verified',
    'published_date', 'meta_title', 'meta_description', 'canonical_url', 'og_title', 'og_description', 'og_image',
    'og_type', 'twitter_title', 'twitter_description', 'twitter_image', 'twitter_card',
    'whatsapp_title', 'whatsapp_description', 'whatsapp_image', 'structured_data',
    'editorial_rank', 'discontinued_at', 'link_status', 'use_cases', 'article_is_template',
    'spanish_interface', 'spanish_output', 'spanish_voice', 'free_plan', 'price_from_amount', 'price_from_currency',
    'price_from_period', 'platforms', 'open_source', 'license', 'company', 'company_country', 'launch_year',
    'signup_required', 'facts_checked_at', 'facts_checked_by'
  ]::text[]
$$;
--> statement-breakpoint
-- (Re)writes the two triggers from the list above. The triggers keep UPDATE OF with the
-- same columns so that the frequent writes of other columns (view counters, popularity, link checks) never even
-- call them. A tool created in the same transaction (the seed, a new submission) is new, not changed: its page is
-- not stamped, as the use-case, facts and category rules already did.
CREATE FUNCTION public.define_post_page_rules() RETURNS void
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
DECLARE
  page_columns text := (SELECT string_agg(quote_ident(c), ', ') FROM unnest(post_page_columns()) AS c);
  old_values text := (SELECT string_agg('OLD.' || quote_ident(c), ', ') FROM unnest(post_page_columns()) AS c);
  new_values text := (SELECT string_agg('NEW.' || quote_ident(c), ', ') FROM unnest(post_page_columns()) AS c);
  -- Inline rather than a function of (OLD, NEW): a BEFORE trigger may not pass whole rows of a table with
  -- generated columns (article_text_length).
  page_changed text := format('(OLD.status = %L OR NEW.status = %L) AND (%s) IS DISTINCT FROM (%s)', 'published', 'published', old_values, new_values);
BEGIN
  DROP TRIGGER IF EXISTS posts_page_changed ON public.posts;
  EXECUTE format(
    $f$CREATE TRIGGER posts_page_changed BEFORE UPDATE OF %s ON public.posts
       FOR EACH ROW WHEN (%s AND OLD.created_at < now())
       EXECUTE FUNCTION public.posts_stamp_page_change()$f$,
    page_columns, page_changed);
  DROP TRIGGER IF EXISTS posts_content_version_update ON public.posts;
  EXECUTE format(
    $f$CREATE TRIGGER posts_content_version_update AFTER UPDATE OF %s ON public.posts
       FOR EACH ROW WHEN (%s)
       EXECUTE FUNCTION public.bump_content_version_row()$f$,
    page_columns, page_changed);
END
$$;
--> statement-breakpoint
DROP TRIGGER posts_use_cases_page_changed ON public.posts;
--> statement-breakpoint
DROP TRIGGER posts_use_cases_content_version ON public.posts;
--> statement-breakpoint
DROP TRIGGER posts_facts_page_changed ON public.posts;
--> statement-breakpoint
DROP TRIGGER posts_facts_content_version ON public.posts;
--> statement-breakpoint
SELECT public.define_post_page_rules();
