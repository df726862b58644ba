/**
 * The admin audit log: every admin action is written with who, when,
 * what and the values before and after, in the same transaction as the change it records.
 */
import { getPool } from '../db/client.ts';
import type { Queryable } from '../db/queryable.ts';

export interface AuditEntry {
  /** A short verb for filtering: 'post.approve', 'post.reject', 'user.role', 'redirect.create', 'settings.update'… */
  action: string;
  targetType: 'post' | 'user' | 'redirect' | 'settings' | 'description' | 'story' | 'image' | 'site' | 'review' | 'category';
  targetId?: string | null;
  /** One Spanish sentence for the list, e.g. «Aprobó "Claude"». */
  summary: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditActor {
  id: string;
  name: string;
}

export async function recordAdminAction(actor: AuditActor, entry: AuditEntry, db: Queryable = getPool()): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_id, actor_name, action, target_type, target_id, summary, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      actor.id,
      actor.name,
      entry.action,
      entry.targetType,
      entry.targetId ?? null,
      entry.summary,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}
