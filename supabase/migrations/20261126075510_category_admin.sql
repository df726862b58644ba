ALTER TABLE "categories" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A category's old address keeps working when its slug changes: /categoria/{old} answers 301 to the
-- new one (its /pagina/{n} addresses follow: src/server/http/redirects.ts), and the redirects that led to the old
-- address, or to one of its pages, lead to the new one, so no visitor follows a chain. A category's own address is
-- never shadowed by a redirect: taking a slug, or becoming active again, removes any redirect from that address.
CREATE FUNCTION public.categories_follow_slug() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
DECLARE
  new_path text := '/categoria/' || NEW.slug;
  old_path text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.slug IS DISTINCT FROM NEW.slug THEN
    old_path := '/categoria/' || OLD.slug;
    UPDATE redirects SET to_path = new_path || substr(to_path, char_length(old_path) + 1), updated_at = now()
      WHERE to_path = old_path OR to_path LIKE old_path || '/pagina/%';
    INSERT INTO redirects (from_path, to_path, status_code) VALUES (old_path, new_path, 301)
      ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, status_code = 301, updated_at = now();
  END IF;
  IF NEW.is_active THEN
    DELETE FROM redirects WHERE from_path = new_path;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_follow_slug
  AFTER INSERT OR UPDATE OF slug, is_active ON public.categories
  FOR EACH ROW EXECUTE FUNCTION public.categories_follow_slug();
--> statement-breakpoint
-- A tool's page shows its categories' names and links, and its search document holds their names: renaming a
-- category, changing its slug or switching it off changes the page of each of its published tools (rendered on
-- demand until the rebuild, like any other change) and, for a new name, the search vector of each of its tools.
CREATE FUNCTION public.categories_touch_tools() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
BEGIN
  IF OLD.name IS DISTINCT FROM NEW.name THEN
    UPDATE posts p SET search_vector = public.post_search_document(p.title, p.description, p.keywords, p.id)
      FROM post_categories pc WHERE pc.post_id = p.id AND pc.category_id = NEW.id;
  END IF;
  UPDATE posts p SET page_changed_at = clock_timestamp()
    FROM post_categories pc WHERE pc.post_id = p.id AND pc.category_id = NEW.id AND p.status = 'published';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_touch_tools
  AFTER UPDATE OF name, slug, is_active ON public.categories
  FOR EACH ROW WHEN ((OLD.name, OLD.slug, OLD.is_active) IS DISTINCT FROM (NEW.name, NEW.slug, NEW.is_active))
  EXECUTE FUNCTION public.categories_touch_tools();
