/** The statements behind problem reports (reports.server.ts holds the rules and the endpoints). */
import type { Queryable } from '../../server/db/queryable.ts';
import type { ReportInput } from './report-input.ts';
import type { ReportReason } from './reports.ts';

export interface OpenReport {
  id: string;
  reason: ReportReason;
  details: string | null;
  email: string | null;
  createdAt: Date;
}

export interface ReportedTool {
  id: string;
  slug: string;
  title: string;
  discontinued: boolean;
  count: number;
  latestAt: Date;
  reports: OpenReport[];
}

/** Stores a report of a published tool and answers its slug; undefined when no published tool has that id. */
export async function insertReport(input: ReportInput, userId: string | null, db: Queryable): Promise<{ slug: string } | undefined> {
  const { rows } = await db.query<{ slug: string }>(
    `INSERT INTO tool_reports (post_id, user_id, reason, details, email)
     SELECT p.id, $2, $3, $4, $5 FROM posts p WHERE p.id = $1 AND p.status = 'published'
     RETURNING (SELECT slug FROM posts WHERE id = $1) AS slug`,
    [input.toolId, userId, input.reason, input.details ?? null, input.email ?? null],
  );
  return rows[0];
}

/** Tools with open reports, the most recently reported first, with their open reports as JSON (dates as text). */
export async function readReportedTools(db: Queryable): Promise<ReportedTool[]> {
  const { rows } = await db.query<ReportedTool>(
    `SELECT p.id, p.slug, p.title, p.discontinued_at IS NOT NULL AS discontinued, count(*)::int AS count, max(r.created_at) AS "latestAt",
            json_agg(json_build_object('id', r.id, 'reason', r.reason, 'details', r.details, 'email', r.email, 'createdAt', r.created_at)
                     ORDER BY r.created_at DESC) AS reports
       FROM tool_reports r JOIN posts p ON p.id = r.post_id
      WHERE r.status = 'open'
      GROUP BY p.id
      ORDER BY "latestAt" DESC
      LIMIT 200`,
  );
  return rows;
}

/** Whether the tool is marked discontinued; undefined when there is no such tool. */
export async function isDiscontinued(toolId: string, db: Queryable): Promise<boolean | undefined> {
  const { rows } = await db.query<{ discontinued: boolean }>('SELECT discontinued_at IS NOT NULL AS discontinued FROM posts WHERE id = $1', [toolId]);
  return rows[0]?.discontinued;
}

/** Closes every open report of a tool with `status`, answering each closed report with the tool's title. */
export async function closeOpenReports(
  toolId: string,
  deciderId: string,
  status: 'dismissed' | 'resolved',
  db: Queryable,
): Promise<{ id: string; reason: ReportReason; title: string }[]> {
  const { rows } = await db.query<{ id: string; reason: ReportReason; title: string }>(
    `UPDATE tool_reports r SET status = $3, decided_at = now(), decided_by = $2
       FROM posts p WHERE p.id = r.post_id AND r.post_id = $1 AND r.status = 'open'
     RETURNING r.id, r.reason, p.title`,
    [toolId, deciderId, status],
  );
  return rows;
}
