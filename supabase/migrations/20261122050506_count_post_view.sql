-- Counts one view of a published tool (what SPEC calls increment_post_views_detailed) in one round trip:
-- a post_views row plus views = views + 1, unless the same browser session already counted this
-- tool within p_dedupe. The advisory lock on (post, session) makes check-and-insert race-free: a
-- second call for the same pair waits for the first to commit, and the EXISTS below runs as a new
-- statement, with a snapshot that sees the first call's row (a single CTE statement could not: its
-- snapshot is taken before the lock is granted). Other sessions of the same tool never wait on it;
-- they only queue on the post row for the increment. `views` is not among the columns of the
-- posts_content_version trigger, so counting never makes the static site stale.
-- Returns no row when the tool does not exist or is not published.
CREATE FUNCTION public.count_post_view(
  p_post_id uuid,
  p_session_id text,
  p_user_id text,
  p_visitor_type public.visitor_type,
  p_user_agent text,
  p_dedupe interval
) RETURNS TABLE (counted boolean, views bigint)
LANGUAGE plpgsql VOLATILE
SET search_path = public, pg_catalog
AS $$
DECLARE
  current_views bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_post_id::text), hashtext(p_session_id));
  IF EXISTS (
    SELECT 1 FROM post_views v
    WHERE v.post_id = p_post_id AND v.session_id = p_session_id AND v.created_at > now() - p_dedupe
  ) THEN
    SELECT p.views INTO current_views FROM posts p WHERE p.id = p_post_id AND p.status = 'published';
    IF FOUND THEN
      RETURN QUERY SELECT false, current_views;
    END IF;
    RETURN;
  END IF;
  UPDATE posts p SET views = p.views + 1
  WHERE p.id = p_post_id AND p.status = 'published'
  RETURNING p.views INTO current_views;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO post_views (post_id, user_id, session_id, visitor_type, user_agent)
  VALUES (p_post_id, p_user_id, p_session_id, p_visitor_type, left(p_user_agent, 512));
  RETURN QUERY SELECT true, current_views;
END
$$;
