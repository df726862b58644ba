/**
 * The admin's review of tools whose site failed three checks in a row or now redirects to another domain:
 * the list with its evidence, and what an admin can do about each one. Every read checks the role
 * itself; every action is audited in the same transaction as the change.
 */
import type pg from 'pg';
import { can } from '../../lib/permissions.ts';
import { recordAdminAction } from '../audit/audit-log.ts';
import type { SessionUser } from '../auth/auth.ts';
import { runEnrichment } from './enrich.ts';
import { catalogueUserAgent } from './site-check.ts';
import { getPool } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { serverEnv } from '../env.ts';
import { AppError } from '../http/errors.ts';
import { getStorage } from '../storage/storage.ts';
import type { LinkReviewAction } from '../../lib/link-review.ts';

/** The evidence list shows this many of the latest checks per tool. */
export const EVIDENCE_SHOWN = 5;

export interface LinkCheckEvidence {
  checkedAt: string;
  httpStatus: number | null;
  finalUrl: string | null;
  error: string | null;
  durationMs: number | null;
}

export interface ReviewedTool {
  id: string;
  slug: string;
  title: string;
  url: string | null;
  linkStatus: 'unknown' | 'ok' | 'failing' | 'moved';
  checkFailures: number;
  httpStatus: number | null;
  finalUrl: string | null;
  lastCheckedAt: Date | null;
  discontinuedAt: Date | null;
  checks: LinkCheckEvidence[];
}

function assertModerator(actor: Pick<SessionUser, 'role'> | null): void {
  if (!actor || !can(actor.role, 'moderate:post:any')) throw new AppError('forbidden');
}

const reviewColumns = `
  p.id, p.slug, p.title, p.url, p.link_status AS "linkStatus", p.check_failures AS "checkFailures", p.http_status AS "httpStatus",
  p.final_url AS "finalUrl", p.last_checked_at AS "lastCheckedAt", p.discontinued_at AS "discontinuedAt",
  coalesce((
    SELECT json_agg(json_build_object('checkedAt', l.checked_at, 'httpStatus', l.http_status, 'finalUrl', l.final_url,
                                      'error', l.error, 'durationMs', l.duration_ms) ORDER BY l.checked_at DESC, l.id DESC)
    FROM (SELECT * FROM link_checks WHERE post_id = p.id ORDER BY checked_at DESC, id DESC LIMIT ${EVIDENCE_SHOWN}) l
  ), '[]'::json) AS checks`;

/** Published, live tools flagged by the link checker, the longest-failing first. */
export async function listFlaggedTools(actor: Pick<SessionUser, 'role'> | null, pool: pg.Pool = getPool()): Promise<ReviewedTool[]> {
  assertModerator(actor);
  const { rows } = await pool.query<ReviewedTool>(`
    SELECT ${reviewColumns}
    FROM posts p
    WHERE p.status = 'published' AND p.discontinued_at IS NULL AND p.link_status IN ('failing', 'moved')
    ORDER BY p.link_status, p.check_failures DESC, p.title`);
  return rows;
}

/** Retired tools (their pages stay, out of the grids), the latest first: an admin can bring one back. */
export async function listRetiredTools(actor: Pick<SessionUser, 'role'> | null, pool: pg.Pool = getPool()): Promise<ReviewedTool[]> {
  assertModerator(actor);
  const { rows } = await pool.query<ReviewedTool>(`
    SELECT ${reviewColumns}
    FROM posts p
    WHERE p.status = 'published' AND p.discontinued_at IS NOT NULL
    ORDER BY p.discontinued_at DESC, p.title`);
  return rows;
}

interface ToolState {
  id: string;
  title: string;
  slug: string;
  url: string | null;
  final_url: string | null;
  link_status: string;
  check_failures: number;
  discontinued_at: Date | null;
}

const stateOf = (row: ToolState) => ({
  url: row.url,
  linkStatus: row.link_status,
  checkFailures: row.check_failures,
  discontinuedAt: row.discontinued_at?.toISOString() ?? null,
});

/** Applies one review action in a transaction with its audit entry. */
export async function reviewTool(actor: SessionUser, toolId: string, action: Exclude<LinkReviewAction, 'recheck'>, pool: pg.Pool = getPool()): Promise<void> {
  assertModerator(actor);
  return inTransaction(async (client) => {
    const { rows } = await client.query<ToolState>(
      `SELECT id, title, slug, url, final_url, link_status, check_failures, discontinued_at
       FROM posts WHERE id = $1 AND status = 'published' FOR UPDATE`,
      [toolId],
    );
    const tool = rows[0];
    if (!tool) throw new AppError('tool_not_found');
    let summary: string;
    if (action === 'retire') {
      if (tool.discontinued_at) throw new AppError('conflict', { message: 'Esta herramienta ya está retirada.' });
      await client.query('UPDATE posts SET discontinued_at = now() WHERE id = $1', [toolId]);
      summary = `Marcó «${tool.title}» como retirada`;
    } else if (action === 'restore') {
      if (!tool.discontinued_at) throw new AppError('conflict', { message: 'Esta herramienta no está retirada.' });
      // Back in the grids, and checked again from scratch.
      await client.query("UPDATE posts SET discontinued_at = NULL, link_status = 'unknown', check_failures = 0, last_checked_at = NULL WHERE id = $1", [
        toolId,
      ]);
      summary = `Devolvió «${tool.title}» al catálogo`;
    } else if (action === 'accept_url') {
      if (tool.link_status !== 'moved' || !tool.final_url)
        throw new AppError('conflict', { message: 'La herramienta no tiene una dirección nueva que aceptar.' });
      await client.query("UPDATE posts SET url = final_url, link_status = 'ok', check_failures = 0 WHERE id = $1", [toolId]);
      summary = `Cambió la web de «${tool.title}» a ${tool.final_url}`;
    } else {
      await client.query("UPDATE posts SET link_status = 'ok', check_failures = 0 WHERE id = $1", [toolId]);
      summary = `Descartó el aviso de enlace de «${tool.title}»`;
    }
    const { rows: after } = await client.query<ToolState>(
      'SELECT id, title, slug, url, final_url, link_status, check_failures, discontinued_at FROM posts WHERE id = $1',
      [toolId],
    );
    await recordAdminAction(
      actor,
      { action: `post.link_${action}`, targetType: 'post', targetId: toolId, summary, before: stateOf(tool), after: stateOf(after[0]!) },
      client,
    );
  }, pool);
}

/** Checks one tool's site now, as the background job would; the result lands in the list and its evidence. */
export async function recheckTool(actor: SessionUser, toolId: string, pool: pg.Pool = getPool()): Promise<void> {
  assertModerator(actor);
  const { rows } = await pool.query<{ slug: string; title: string }>("SELECT slug, title FROM posts WHERE id = $1 AND status = 'published'", [toolId]);
  const tool = rows[0];
  if (!tool) throw new AppError('tool_not_found');
  const env = serverEnv();
  const report = await runEnrichment({
    pool,
    storage: getStorage(),
    userAgent: catalogueUserAgent(env.SITE_URL),
    allowHosts: env.SAFE_FETCH_ALLOW_HOSTS,
    slugs: [tool.slug],
  });
  await recordAdminAction(actor, {
    action: 'post.link_recheck',
    targetType: 'post',
    targetId: toolId,
    summary: `Comprobó de nuevo la web de «${tool.title}»`,
    after: { checked: report.checked, ok: report.ok, failed: report.failed, moved: report.moved, offline: report.offline },
  });
}
