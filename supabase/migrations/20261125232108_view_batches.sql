-- Counting views in batches: each server process gathers the views that arrive while its previous batch
-- is in the database and counts them all in one call. count_post_view made every view wait for the one before to
-- commit its increment of the tool's row (600/s on one hot tool); a batch takes that row lock once.
-- Every view still gets its exact running number (the first of 50 concurrent views is 1, the last 50) and
-- posts.views is exact when the call returns: nothing is held in memory to be lost.
-- The tool's row lock, taken first and in id order (two batches never deadlock), also orders two counts of the same
-- (tool, session): the second reads after the first committed, so the 30-minute dedupe needs no advisory lock.
CREATE FUNCTION public.count_post_views(p_views jsonb, p_dedupe interval)
RETURNS TABLE (item bigint, was_counted boolean, view_count bigint)
LANGUAGE plpgsql VOLATILE
SET search_path = public, pg_catalog
AS $$
DECLARE
  tool record;
  entry record;
  -- Published tool id -> its views so far, in this batch.
  totals jsonb := '{}'::jsonb;
  total bigint;
  tool_id text;
BEGIN
  FOR tool IN
    SELECT p.id, p.views FROM posts p
    WHERE p.id IN (SELECT (e ->> 'postId')::uuid FROM jsonb_array_elements(p_views) e) AND p.status = 'published'
    ORDER BY p.id
    FOR UPDATE
  LOOP
    totals := totals || jsonb_build_object(tool.id::text, tool.views);
  END LOOP;
  FOR entry IN SELECT e, n FROM jsonb_array_elements(p_views) WITH ORDINALITY AS t(e, n) LOOP
    tool_id := entry.e ->> 'postId';
    -- Not a published tool: no row, which the caller reads as "no such tool".
    CONTINUE WHEN NOT totals ? tool_id;
    total := (totals ->> tool_id)::bigint;
    IF EXISTS (
      SELECT 1 FROM post_views v
      WHERE v.post_id = tool_id::uuid AND v.session_id = entry.e ->> 'sessionId' AND v.created_at > now() - p_dedupe
    ) THEN
      RETURN QUERY SELECT entry.n, false, total;
    ELSE
      INSERT INTO post_views (post_id, user_id, session_id, visitor_type, user_agent)
      VALUES (tool_id::uuid, entry.e ->> 'userId', entry.e ->> 'sessionId', (entry.e ->> 'visitorType')::visitor_type,
              left(entry.e ->> 'userAgent', 512));
      total := total + 1;
      totals := jsonb_set(totals, ARRAY[tool_id], to_jsonb(total));
      RETURN QUERY SELECT entry.n, true, total;
    END IF;
  END LOOP;
  UPDATE posts p SET views = (totals ->> p.id::text)::bigint
  WHERE p.id IN (SELECT key::uuid FROM jsonb_object_keys(totals) key) AND p.views <> (totals ->> p.id::text)::bigint;
END
$$;
--> statement-breakpoint
DROP FUNCTION public.count_post_view(uuid, text, text, public.visitor_type, text, interval);
