-- The living catalogue («Catálogo vivo»): 'Visitar' clicks counted apart from page views, and the 30-day popularity score.

-- Counts one 'Visitar' click out to a published tool's site ('Más Usadas'), in one round trip: a post_clicks row
-- plus clicks = clicks + 1, unless the same browser session already clicked through to this tool within
-- p_dedupe. Race-free for the same (tool, session) pair as count_post_view is: an advisory transaction lock, then
-- the check as a statement of its own. `clicks` is not among the posts_content_version columns, so counting
-- never schedules a rebuild. Returns no row when the tool does not exist or is not published.
CREATE FUNCTION public.count_post_click(
  p_post_id uuid,
  p_session_id text,
  p_user_id text,
  p_dedupe interval
) RETURNS TABLE (counted boolean, clicks bigint)
LANGUAGE plpgsql VOLATILE
SET search_path = public, pg_catalog
AS $$
DECLARE
  current_clicks bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_post_id::text), hashtext('click:' || p_session_id));
  IF EXISTS (
    SELECT 1 FROM post_clicks c
    WHERE c.post_id = p_post_id AND c.session_id = p_session_id AND c.created_at > now() - p_dedupe
  ) THEN
    SELECT p.clicks INTO current_clicks FROM posts p WHERE p.id = p_post_id AND p.status = 'published';
    IF FOUND THEN
      RETURN QUERY SELECT false, current_clicks;
    END IF;
    RETURN;
  END IF;
  UPDATE posts p SET clicks = p.clicks + 1
  WHERE p.id = p_post_id AND p.status = 'published'
  RETURNING p.clicks INTO current_clicks;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO post_clicks (post_id, user_id, session_id) VALUES (p_post_id, p_user_id, p_session_id);
  RETURN QUERY SELECT true, current_clicks;
END
$$;
--> statement-breakpoint

-- 'Populares' (a 30-day score, not SPEC's order by views): what people did with each published tool over the last p_window (saves weigh most,
-- then clicks out to its site, then page views), plus the editorial flags as a prior that real activity soon
-- outweighs. Only changed scores are written; popularity_score is not a content-version column, so this never
-- rebuilds the site. Returns how many tools changed.
CREATE FUNCTION public.refresh_popularity_scores(p_window interval DEFAULT interval '30 days')
RETURNS integer
LANGUAGE sql VOLATILE
SET search_path = public, pg_catalog
AS $$
  WITH activity AS (
    SELECT p.id,
           (SELECT count(*) FROM post_views v WHERE v.post_id = p.id AND v.created_at > now() - p_window) AS views,
           (SELECT count(*) FROM post_clicks c WHERE c.post_id = p.id AND c.created_at > now() - p_window) AS clicks,
           (SELECT count(*) FROM saved_posts s WHERE s.post_id = p.id AND s.created_at > now() - p_window) AS saves,
           p.is_popular, p.is_featured
    FROM posts p
    WHERE p.status = 'published'
  ), scored AS (
    SELECT id, (views + 2 * clicks + 5 * saves + CASE WHEN is_popular THEN 25 ELSE 0 END + CASE WHEN is_featured THEN 10 ELSE 0 END)::double precision AS score
    FROM activity
  ), changed AS (
    UPDATE posts p SET popularity_score = scored.score
    FROM scored
    WHERE p.id = scored.id AND p.popularity_score IS DISTINCT FROM scored.score
    RETURNING 1
  )
  SELECT count(*)::integer FROM changed
$$;
