-- count_post_views looks up whether a session already counted a tool in the last 30 minutes. PL/pgSQL caches a
-- statement's plan, and the one it made while post_views was nearly empty (a new site) stayed as the table grew: it
-- took the (tool, date) index and filtered on the session, so every view read all the tool's views of the last
-- 30 minutes. On one hot tool the batches slowed from 8 ms to 150 ms within seconds (442 views/s), until autovacuum
-- analyzed the table. The lookup is now planned at each view with the table as it is (EXECUTE), which takes the
-- (tool, session, date) index: 6,500 views/s from a fresh database.
CREATE OR REPLACE FUNCTION public.count_post_views(p_views jsonb, p_dedupe interval)
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
  view_tool uuid;
  view_session text;
  seen boolean;
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
    view_tool := tool_id::uuid;
    view_session := entry.e ->> 'sessionId';
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM post_views v WHERE v.post_id = $1 AND v.session_id = $2 AND v.created_at > now() - $3)'
      INTO seen USING view_tool, view_session, p_dedupe;
    IF seen THEN
      RETURN QUERY SELECT entry.n, false, total;
    ELSE
      INSERT INTO post_views (post_id, user_id, session_id, visitor_type, user_agent)
      VALUES (view_tool, entry.e ->> 'userId', view_session, (entry.e ->> 'visitorType')::visitor_type,
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
