/**
 * Telling the site's admins (issue 22): a new or resubmitted tool to review, or a published one its author
 * withdrew. Sent after the change has committed; a failed e-mail is logged and never undoes the change.
 */
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { siteMailer } from '../../server/email/site-mailer.ts';
import { adminNoticeEmail, type AdminNoticeItem } from '../../server/email/templates.ts';
import { siteConfig } from '../../server/site.ts';

/** The active admins' addresses. */
export async function adminAddresses(db: Queryable = getPool()): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(`SELECT email FROM profiles WHERE role = 'admin' AND is_active ORDER BY created_at, id`);
  return rows.map((row) => row.email);
}

export async function notifyAdmins(item: AdminNoticeItem, db: Queryable = getPool()): Promise<void> {
  try {
    const site = siteConfig();
    const queueUrl = new URL('/admin/pendientes', site.url).href;
    const send = siteMailer();
    for (const to of await adminAddresses(db)) await send(adminNoticeEmail({ to, item, queueUrl, siteName: site.name }));
  } catch (error) {
    console.error(`No se pudo avisar a los administradores de «${item.title}»:`, error);
  }
}
