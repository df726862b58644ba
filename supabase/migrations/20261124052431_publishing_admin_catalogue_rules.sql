-- Row-level security on the new tables, as on every table: the Supabase Data API exposes nothing.
ALTER TABLE public.post_clicks ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.link_checks ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.ai_usage ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint

-- A tool's registrable domain from its URL: lower case, without www., and the last two labels (three under a
-- country's second-level domain such as .co.uk or .com.es), so chat.openai.com and openai.com are the same site.
CREATE FUNCTION public.registrable_domain(p_url text) RETURNS text
LANGUAGE sql IMMUTABLE
SET search_path = public, pg_catalog
AS $$
  WITH host AS (
    SELECT lower(regexp_replace(substring(p_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/:?#]+)'), '\.$', '')) AS name
  ), labels AS (
    SELECT name, string_to_array(name, '.') AS parts FROM host
  )
  SELECT CASE
    WHEN name IS NULL OR name = '' THEN NULL
    WHEN name ~ '^[0-9.]+$' OR array_length(parts, 1) <= 2 THEN regexp_replace(name, '^www\.', '')
    WHEN length(parts[array_length(parts, 1)]) = 2
         AND parts[array_length(parts, 1) - 1] IN ('co', 'com', 'org', 'net', 'gov', 'edu', 'ac', 'gob', 'nom')
      THEN array_to_string(parts[array_length(parts, 1) - 2:array_length(parts, 1)], '.')
    ELSE array_to_string(parts[array_length(parts, 1) - 1:array_length(parts, 1)], '.')
  END
  FROM labels
$$;
--> statement-breakpoint
CREATE FUNCTION public.posts_set_domain() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  NEW.domain := public.registrable_domain(NEW.url);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_domain
  BEFORE INSERT OR UPDATE OF url ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.posts_set_domain();
--> statement-breakpoint
UPDATE public.posts SET domain = public.registrable_domain(url);
--> statement-breakpoint

-- What the new columns show on built pages (the 'may no longer be available' notice, discontinued tools, the
-- editorial order of 'Nuevas') moves the content version too; counters, scores and check bookkeeping do not.
DROP TRIGGER posts_content_version_update ON public.posts;
--> statement-breakpoint
CREATE TRIGGER posts_content_version_update
  AFTER UPDATE OF title, slug, description, content, url, image_url, logo_url, video_url,
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
  EXECUTE FUNCTION public.bump_content_version_row();
