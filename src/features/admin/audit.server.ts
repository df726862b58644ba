/** The audit log as the overview lists it: newest first, filtered by kind of target, actor or text. */
import { z } from '../../lib/zod.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { ADMIN_PAGE_SIZE, assertAllowed, likePattern, paged, type Paged } from '../../server/admin/admin-queries.ts';

export const AUDIT_TARGETS = {
  post: 'Herramientas',
  user: 'Usuarios',
  redirect: 'Redirecciones',
  category: 'Categorías',
  settings: 'Configuración',
  description: 'Descripciones',
  story: 'Historias',
  image: 'Imágenes',
  site: 'Reconstrucciones',
} as const;
export type AuditTarget = keyof typeof AUDIT_TARGETS;

export const auditFilters = z.object({
  tipo: z
    .enum(Object.keys(AUDIT_TARGETS) as [AuditTarget, ...AuditTarget[]])
    .optional()
    .catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type AuditFilters = z.output<typeof auditFilters>;

export interface AuditEntryView {
  id: number;
  actorName: string;
  action: string;
  targetType: AuditTarget;
  targetId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export async function listAuditLog(actor: Pick<SessionUser, 'role'> | null, filters: AuditFilters): Promise<Paged<AuditEntryView>> {
  assertAllowed(actor, 'read:audit:any');
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (filters.tipo) {
    values.push(filters.tipo);
    conditions.push(`target_type = $${values.length}`);
  }
  if (filters.q) {
    values.push(likePattern(filters.q));
    conditions.push(`(summary ILIKE $${values.length} OR actor_name ILIKE $${values.length} OR action ILIKE $${values.length})`);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const offset = (filters.pagina - 1) * ADMIN_PAGE_SIZE;
  const { rows } = await getPool().query<AuditEntryView & { total: number }>(
    `SELECT id::int, actor_name AS "actorName", action, target_type AS "targetType", target_id AS "targetId", summary, before, after,
            created_at AS "createdAt", count(*) OVER ()::int AS total
     FROM audit_log ${where} ORDER BY created_at DESC, id DESC LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
    values,
  );
  return paged(
    rows.map(({ total: _total, ...entry }) => entry),
    rows[0]?.total ?? (await countAll(where, values)),
    filters.pagina,
  );
}

/** A page past the end has no rows to carry the total. */
async function countAll(where: string, values: unknown[]): Promise<number> {
  const { rows } = await getPool().query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${where}`, values);
  return rows[0]!.total;
}
