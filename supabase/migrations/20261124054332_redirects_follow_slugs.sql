-- A published tool's old address keeps working when its slug changes: the old path answers 301 to the new one,
-- and redirects that pointed at the old path now point at the new one, so no visitor ever follows a chain.
-- A published tool's own address is never shadowed by a redirect: publishing onto a path, or renaming onto it,
-- removes any redirect from that path (a 410 left by a deleted tool of the same name, for example).
CREATE FUNCTION public.posts_follow_slug() RETURNS trigger
LANGUAGE plpgsql
SET search_path = public, pg_catalog
AS $$
DECLARE
  new_path text := '/' || NEW.slug;
  old_path text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'published' AND OLD.slug IS DISTINCT FROM NEW.slug THEN
    old_path := '/' || OLD.slug;
    UPDATE redirects SET to_path = new_path, updated_at = now() WHERE to_path = old_path;
    INSERT INTO redirects (from_path, to_path, status_code) VALUES (old_path, new_path, 301)
      ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, status_code = 301, updated_at = now();
  END IF;
  IF NEW.status = 'published' THEN
    DELETE FROM redirects WHERE from_path = new_path;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_follow_slug
  AFTER INSERT OR UPDATE OF slug, status ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.posts_follow_slug();
