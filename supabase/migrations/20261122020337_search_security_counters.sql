-- Full-text search document of a post: title (A), description and category names (B), keywords (C).
CREATE FUNCTION public.post_search_document(p_title text, p_description text, p_keywords text[], p_post_id uuid)
RETURNS tsvector
LANGUAGE sql STABLE
SET search_path = public, pg_catalog
AS $$
  SELECT setweight(to_tsvector('public.es_unaccent', coalesce(p_title, '')), 'A')
      || setweight(to_tsvector('public.es_unaccent', coalesce(p_description, '')), 'B')
      || setweight(to_tsvector('public.es_unaccent', coalesce((
           SELECT string_agg(c.name, ' ')
           FROM public.post_categories pc JOIN public.categories c ON c.id = pc.category_id
           WHERE pc.post_id = p_post_id), '')), 'B')
      || setweight(to_tsvector('public.es_unaccent', array_to_string(coalesce(p_keywords, '{}'), ' ')), 'C')
$$;
--> statement-breakpoint
CREATE FUNCTION public.posts_refresh_search_vector() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  NEW.search_vector := public.post_search_document(NEW.title, NEW.description, NEW.keywords, NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_search_vector
  BEFORE INSERT OR UPDATE OF title, description, keywords ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.posts_refresh_search_vector();
--> statement-breakpoint
CREATE FUNCTION public.post_categories_refresh_search_vector() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
DECLARE
  affected uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
  UPDATE public.posts p
  SET search_vector = public.post_search_document(p.title, p.description, p.keywords, p.id)
  WHERE p.id = affected;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER post_categories_search_vector
  AFTER INSERT OR DELETE ON public.post_categories
  FOR EACH ROW EXECUTE FUNCTION public.post_categories_refresh_search_vector();
--> statement-breakpoint
CREATE INDEX posts_title_trgm_idx ON public.posts USING gin (title extensions.gin_trgm_ops);
--> statement-breakpoint

-- Content version: bumped by any change that alters built pages (not by view or save counters),
-- so the build knows when the static site is stale.
CREATE SEQUENCE public.content_version_seq;
--> statement-breakpoint
CREATE FUNCTION public.bump_content_version() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  PERFORM nextval('public.content_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_content_version
  AFTER INSERT OR DELETE OR UPDATE OF title, slug, description, content, url, image_url, logo_url, video_url,
    category_id, author, keywords, pricing, status, is_featured, is_popular, is_verified, published_date,
    meta_title, meta_description, canonical_url, og_title, og_description, og_image, og_type,
    twitter_title, twitter_description, twitter_image, twitter_card,
    whatsapp_title, whatsapp_description, whatsapp_image, structured_data
  ON public.posts FOR EACH STATEMENT EXECUTE FUNCTION public.bump_content_version();
--> statement-breakpoint
CREATE TRIGGER categories_content_version
  AFTER INSERT OR UPDATE OR DELETE ON public.categories
  FOR EACH STATEMENT EXECUTE FUNCTION public.bump_content_version();
--> statement-breakpoint
CREATE TRIGGER post_categories_content_version
  AFTER INSERT OR UPDATE OR DELETE ON public.post_categories
  FOR EACH STATEMENT EXECUTE FUNCTION public.bump_content_version();
--> statement-breakpoint
CREATE TRIGGER profiles_content_version
  AFTER UPDATE OF name ON public.profiles
  FOR EACH STATEMENT EXECUTE FUNCTION public.bump_content_version();
--> statement-breakpoint
CREATE TRIGGER redirects_content_version
  AFTER INSERT OR UPDATE OR DELETE ON public.redirects
  FOR EACH STATEMENT EXECUTE FUNCTION public.bump_content_version();
--> statement-breakpoint

-- Row-level security on, with no policies: a Supabase project's Data API exposes nothing;
-- the app connects as the owner and authorises every request itself.
ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.accounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.verifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.categories ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.posts ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.post_categories ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.saved_posts ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.post_views ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.image_generation_history ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.saved_generated_images ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.generated_image_descriptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.saved_image_descriptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.generated_stories ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.redirects ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.site_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.rebuild_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.rate_limit_buckets ENABLE ROW LEVEL SECURITY;
