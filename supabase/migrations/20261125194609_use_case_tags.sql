ALTER TABLE "posts" ADD COLUMN "use_cases" text[];--> statement-breakpoint
-- A published tool's use cases show on its page ('Sirve para'), its task pages and the search: changing them
-- stamps its page and moves the content version, like the columns of 20261124061636_page_changed_at_rules.sql.
-- A tool created in the same transaction (the seed tagging what it inserts) is new, not changed.
CREATE TRIGGER posts_use_cases_page_changed
  BEFORE UPDATE OF use_cases ON public.posts
  FOR EACH ROW WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND OLD.use_cases IS DISTINCT FROM NEW.use_cases
                     AND OLD.created_at < now())
  EXECUTE FUNCTION public.posts_stamp_page_change();
--> statement-breakpoint
CREATE TRIGGER posts_use_cases_content_version
  AFTER UPDATE OF use_cases ON public.posts
  FOR EACH ROW WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND OLD.use_cases IS DISTINCT FROM NEW.use_cases)
  EXECUTE FUNCTION public.bump_content_version_row();
