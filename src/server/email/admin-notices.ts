/**
 * Telling the site's admins: a new or resubmitted tool to review, or a published one its author
 * withdrew. The setting «Avisos de nuevas herramientas» decides how: an e-mail for each one, a daily digest
 * (the notice waits in admin_notices for the digest job), or none. Called after the change has committed; a
 * failed e-mail is logged and never undoes the change.
 */
import type pg from 'pg';
import { getPool } from '../db/client.ts';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';
import { siteMailer } from './site-mailer.ts';
import { adminDigestEmail, adminNoticeEmail, type AdminNoticeItem } from './templates.ts';
import { currentSettings } from '../settings/site-settings.ts';
import { siteConfig } from '../site.ts';

/** A digest goes out at most once in this long. */
export const DIGEST_EVERY_MS = 24 * 60 * 60_000;
/** How often the job looks for a digest that is due. */
export const DIGEST_CHECK_EVERY_MS = 15 * 60_000;
/** Any number that no other advisory lock of this database uses: one process of one instance sends the digest. */
const DIGEST_LOCK_ID = 2_202_022;

/** The active admins' addresses. */
export async function adminAddresses(db: Queryable = getPool()): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(`SELECT email FROM profiles WHERE role = 'admin' AND is_active ORDER BY created_at, id`);
  return rows.map((row) => row.email);
}

const queueUrl = () => new URL('/admin/pendientes', siteConfig().url).href;

export async function notifyAdmins(item: AdminNoticeItem, db: Queryable = getPool()): Promise<void> {
  try {
    const mode = (await currentSettings()).moderation.adminNotices;
    if (mode === 'none') return;
    if (mode === 'digest') {
      await db.query('INSERT INTO admin_notices (kind, title, author_name) VALUES ($1, $2, $3)', [item.kind, item.title, item.authorName]);
      return;
    }
    const send = siteMailer();
    for (const to of await adminAddresses(db)) await send(adminNoticeEmail({ to, item, queueUrl: queueUrl(), siteName: siteConfig().name }));
  } catch (error) {
    console.error(`No se pudo avisar a los administradores de «${item.title}»:`, error);
  }
}

/**
 * Sends the digest when one is due: notices are waiting and none went out in the last DIGEST_EVERY_MS. The
 * notices are marked sent in the same transaction as the e-mails go out, so a failed send leaves them for the
 * next run. Answers how many notices it carried (0 when nothing was due).
 */
export async function sendDueDigest(pool: pg.Pool = getPool(), now = new Date()): Promise<number> {
  return inTransaction(async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [DIGEST_LOCK_ID]);
    const { rows: last } = await db.query<{ sent: Date | null }>('SELECT max(sent_at) AS sent FROM admin_notices');
    if (last[0]?.sent && now.getTime() - last[0].sent.getTime() < DIGEST_EVERY_MS) return 0;
    const { rows: items } = await db.query<AdminNoticeItem>(
      `WITH sent AS (UPDATE admin_notices SET sent_at = $1 WHERE sent_at IS NULL RETURNING id, kind, title, author_name, created_at)
       SELECT kind, title, author_name AS "authorName" FROM sent ORDER BY created_at, id`,
      [now],
    );
    if (items.length === 0) return 0;
    const send = siteMailer();
    for (const to of await adminAddresses(db)) await send(adminDigestEmail({ to, items, queueUrl: queueUrl(), siteName: siteConfig().name }));
    return items.length;
  }, pool);
}

export interface AdminDigestJob {
  stop(): void;
}

/** Started by npm start and npm run serve next to the catalogue jobs: looks for a due digest every 15 minutes. */
export function startAdminDigest(options: { pool: pg.Pool; log: (line: string) => void }): AdminDigestJob {
  const run = () =>
    sendDueDigest(options.pool)
      .then((count) => {
        if (count > 0) options.log(`Resumen diario enviado a los administradores: ${count} aviso(s).`);
      })
      .catch((error: unknown) => options.log(`No se pudo enviar el resumen diario a los administradores: ${(error as Error).message}`));
  const timer = setInterval(run, DIGEST_CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
