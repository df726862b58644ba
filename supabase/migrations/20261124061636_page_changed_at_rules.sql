-- posts.page_changed_at: when what a tool's page shows last changed while the tool was (or became) published.
-- Set here, never by application code, with the same rule that moves the content version; the server compares it
-- with the time its current build read the database and renders changed pages on demand until the rebuild.
-- clock_timestamp(), not now(): the moment of the change, not of the start of its transaction.
CREATE FUNCTION public.posts_stamp_page_change() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  NEW.page_changed_at := clock_timestamp();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_page_changed
  BEFORE UPDATE OF title, slug, description, content, url, image_url, logo_url, video_url,
    category_id, user_id, author, keywords, pricing, status, is_featured, is_popular, is_verified, published_date,
    meta_title, meta_description, canonical_url, og_title, og_description, og_image, og_type,
    twitter_title, twitter_description, twitter_image, twitter_card,
    whatsapp_title, whatsapp_description, whatsapp_image, structured_data,
    editorial_rank, discontinued_at, link_status
  ON public.posts
  FOR EACH ROW WHEN (
    (OLD.status = 'published' OR NEW.status = 'published')
    AND (OLD.title, OLD.slug, OLD.description, OLD.content, OLD.url, OLD.image_url, OLD.logo_url, OLD.video_url,
         OLD.category_id, OLD.user_id, OLD.author, OLD.keywords, OLD.pricing, OLD.status, OLD.is_featured, OLD.is_popular,
         OLD.is_verified, OLD.published_date, OLD.meta_title, OLD.meta_description, OLD.canonical_url, OLD.og_title,
         OLD.og_description, OLD.og_image, OLD.og_type, OLD.twitter_title, OLD.twitter_description, OLD.twitter_image,
         OLD.twitter_card, OLD.whatsapp_title, OLD.whatsapp_description, OLD.whatsapp_image, OLD.structured_data,
         OLD.editorial_rank, OLD.discontinued_at, OLD.link_status)
      IS DISTINCT FROM
        (NEW.title, NEW.slug, NEW.description, NEW.content, NEW.url, NEW.image_url, NEW.logo_url, NEW.video_url,
         NEW.category_id, NEW.user_id, NEW.author, NEW.keywords, NEW.pricing, NEW.status, NEW.is_featured, NEW.is_popular,
         NEW.is_verified, NEW.published_date, NEW.meta_title, NEW.meta_description, NEW.canonical_url, NEW.og_title,
         NEW.og_description, NEW.og_image, NEW.og_type, NEW.twitter_title, NEW.twitter_description, NEW.twitter_image,
         NEW.twitter_card, NEW.whatsapp_title, NEW.whatsapp_description, NEW.whatsapp_image, NEW.structured_data,
         NEW.editorial_rank, NEW.discontinued_at, NEW.link_status)
  )
  EXECUTE FUNCTION public.posts_stamp_page_change();
--> statement-breakpoint
-- A published tool's categories show on its page too. A post created in the same transaction (the seed, a new
-- submission) is not stamped: its page is new, not changed.
CREATE OR REPLACE FUNCTION public.bump_content_version_for_published_post() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
DECLARE
  affected uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM posts WHERE id = affected AND status = 'published') THEN
    PERFORM nextval('public.content_version_seq');
    UPDATE posts SET page_changed_at = clock_timestamp() WHERE id = affected AND created_at < now();
  END IF;
  RETURN NULL;
END
$$;
