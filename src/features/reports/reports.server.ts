/**
 * Problem reports: anyone may report a published tool (rate-limited per IP); admins see the open
 * ones grouped per tool in /admin/informes and close a tool's reports in one click, each decision audited in the
 * same transaction. Reading and deciding check the permission themselves, whatever page calls them.
 */
import type pg from 'pg';
import { can } from '../../lib/permissions.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import type { RateLimitRule } from '../../server/ratelimit/limiter.ts';
import { reviewTool } from '../../server/catalogue/link-review.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';
import { reportActionInput, reportActionParams, reportInput, type ReportInput } from './report-input.ts';
import { REPORT_REASON_LABEL, type ReportAction } from './reports.ts';
import { closeOpenReports, insertReport, isDiscontinued, readReportedTools, type ReportedTool } from './reports-queries.server.ts';

/** Per IP: a person reports a handful of problems at most; more is someone flooding the queue. */
export const REPORT_RATE_LIMIT: RateLimitRule = { window: 600, max: 5 };

/** Stores a report of a published tool; answers its slug (for the no-JavaScript return to the page). */
export async function createReport(input: ReportInput, user: Pick<SessionUser, 'id'> | null, pool: pg.Pool = getPool()): Promise<{ slug: string }> {
  const stored = await insertReport(input, user?.id ?? null, pool);
  if (!stored) throw new AppError('tool_not_found');
  return stored;
}

function assertCanModerate(actor: Pick<SessionUser, 'role'> | null): void {
  if (!actor) throw new AppError('not_signed_in');
  if (!can(actor.role, 'moderate:report:any')) throw new AppError('forbidden');
}

/** Tools with open reports, the most recently reported first, each with its open reports newest first. */
export async function listReportedTools(actor: Pick<SessionUser, 'role'> | null, pool: pg.Pool = getPool()): Promise<ReportedTool[]> {
  assertCanModerate(actor);
  const rows = await readReportedTools(pool);
  return rows.map((row) => ({ ...row, reports: row.reports.map((report) => ({ ...report, createdAt: new Date(report.createdAt) })) }));
}

const SUMMARY: Record<ReportAction, string> = {
  resolve: 'Marcó como resueltos',
  dismiss: 'Descartó',
  retire: 'Retiró la herramienta y cerró',
};

/**
 * Closes every open report of a tool: resolved, dismissed, or resolved by retiring the tool (through the same
 * action as /admin/enlaces, so its page and the grids change as they do there). Answers how many it closed.
 */
export async function decideReports(actor: SessionUser, toolId: string, action: ReportAction, pool: pg.Pool = getPool()): Promise<number> {
  assertCanModerate(actor);
  if (action === 'retire') {
    if ((await isDiscontinued(toolId, pool)) === false) await reviewTool(actor, toolId, 'retire', pool);
  }
  return inTransaction(async (client) => {
    const rows = await closeOpenReports(toolId, actor.id, action === 'dismiss' ? 'dismissed' : 'resolved', client);
    if (rows.length === 0) throw new AppError('conflict', { message: 'Esta herramienta ya no tiene avisos abiertos. Recarga la página.' });
    const count = rows.length;
    await recordAdminAction(
      actor,
      {
        action: `report.${action}`,
        targetType: 'post',
        targetId: toolId,
        summary: `${SUMMARY[action]} ${count === 1 ? '1 aviso' : `${count} avisos`} de «${rows[0]!.title}»`,
        after: { reports: rows.map((row) => ({ id: row.id, reason: REPORT_REASON_LABEL[row.reason] })) },
      },
      client,
    );
    return count;
  }, pool);
}

/**
 * POST /api/reports (multipart form): the form works without JavaScript, so a browser that posted it as a page
 * goes back to the tool page's confirmation; the page's script asks for JSON and shows the message in place.
 */
export const reportEndpoint = endpoint({
  body: { form: reportInput, maxBytes: 8 * 1024, tooLarge: 'El aviso es demasiado largo.' },
  limits: { name: 'tool-reports', ip: REPORT_RATE_LIMIT, user: REPORT_RATE_LIMIT },
  handle: async ({ body, user, request }) => {
    const { slug } = await createReport(body, user);
    if (!(request.headers.get('accept') ?? '').includes('application/json')) {
      return new Response(null, { status: 303, headers: { location: `/${slug}#aviso-enviado`, 'cache-control': 'no-store' } });
    }
    return { ok: true };
  },
});

/** POST /api/admin/reports/{toolId} {action}: closes that tool's open reports. */
export const reportActionEndpoint = endpoint({
  access: 'moderate:report:any',
  params: reportActionParams,
  body: { json: reportActionInput, maxBytes: 256 },
  limits: { name: 'report-actions', user: { window: 600, max: 120 } },
  handle: async ({ user, params, body }) => {
    const closed = await decideReports(user, params.id, body.action);
    if (body.action === 'retire') await publishedContentChanged('retirada por un aviso');
    return { closed };
  },
});
