-- The content version moves only when what visitors see changes: a published tool (or one being published or
-- unpublished), its categories, or the name of someone who signs a published tool. A pending submission, a
-- private profile field or a rename by a user with nothing published no longer schedules a site rebuild.
DROP TRIGGER posts_content_version ON public.posts;
--> statement-breakpoint
DROP TRIGGER post_categories_content_version ON public.post_categories;
--> statement-breakpoint
DROP TRIGGER profiles_content_version ON public.profiles;
--> statement-breakpoint
CREATE FUNCTION public.bump_content_version_row() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  PERFORM nextval('public.content_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_content_version_insert
  AFTER INSERT ON public.posts
  FOR EACH ROW WHEN (NEW.status = 'published')
  EXECUTE FUNCTION public.bump_content_version_row();
--> statement-breakpoint
CREATE TRIGGER posts_content_version_delete
  AFTER DELETE ON public.posts
  FOR EACH ROW WHEN (OLD.status = 'published')
  EXECUTE FUNCTION public.bump_content_version_row();
--> statement-breakpoint
-- Counters (views, saved_count) are not in the column list: counting never rebuilds.
CREATE TRIGGER posts_content_version_update
  AFTER UPDATE OF title, slug, description, content, url, image_url, logo_url, video_url,
    category_id, user_id, author, keywords, pricing, status, is_featured, is_popular, is_verified, published_date,
    meta_title, meta_description, canonical_url, og_title, og_description, og_image, og_type,
    twitter_title, twitter_description, twitter_image, twitter_card,
    whatsapp_title, whatsapp_description, whatsapp_image, structured_data
  ON public.posts
  FOR EACH ROW WHEN (
    (OLD.status = 'published' OR NEW.status = 'published')
    AND (OLD.title, OLD.slug, OLD.description, OLD.content, OLD.url, OLD.image_url, OLD.logo_url, OLD.video_url,
         OLD.category_id, OLD.user_id, OLD.author, OLD.keywords, OLD.pricing, OLD.status, OLD.is_featured, OLD.is_popular,
         OLD.is_verified, OLD.published_date, OLD.meta_title, OLD.meta_description, OLD.canonical_url, OLD.og_title,
         OLD.og_description, OLD.og_image, OLD.og_type, OLD.twitter_title, OLD.twitter_description, OLD.twitter_image,
         OLD.twitter_card, OLD.whatsapp_title, OLD.whatsapp_description, OLD.whatsapp_image, OLD.structured_data)
      IS DISTINCT FROM
        (NEW.title, NEW.slug, NEW.description, NEW.content, NEW.url, NEW.image_url, NEW.logo_url, NEW.video_url,
         NEW.category_id, NEW.user_id, NEW.author, NEW.keywords, NEW.pricing, NEW.status, NEW.is_featured, NEW.is_popular,
         NEW.is_verified, NEW.published_date, NEW.meta_title, NEW.meta_description, NEW.canonical_url, NEW.og_title,
         NEW.og_description, NEW.og_image, NEW.og_type, NEW.twitter_title, NEW.twitter_description, NEW.twitter_image,
         NEW.twitter_card, NEW.whatsapp_title, NEW.whatsapp_description, NEW.whatsapp_image, NEW.structured_data)
  )
  EXECUTE FUNCTION public.bump_content_version_row();
--> statement-breakpoint
CREATE FUNCTION public.bump_content_version_for_published_post() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
DECLARE
  affected uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM posts WHERE id = affected AND status = 'published') THEN
    PERFORM nextval('public.content_version_seq');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER post_categories_content_version
  AFTER INSERT OR UPDATE OR DELETE ON public.post_categories
  FOR EACH ROW EXECUTE FUNCTION public.bump_content_version_for_published_post();
--> statement-breakpoint
CREATE FUNCTION public.bump_content_version_for_author() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM posts WHERE user_id = NEW.id AND status = 'published') THEN
    PERFORM nextval('public.content_version_seq');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_content_version
  AFTER UPDATE OF name ON public.profiles
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION public.bump_content_version_for_author();
