/** The e-mail an author gets when a moderator or an admin decides on their tool (approval, rejection, withdrawal). */
import { getPool } from '../db/client.ts';
import type { Queryable } from '../db/queryable.ts';
import { siteMailer } from './site-mailer.ts';
import { approvalEmail, rejectionEmail, withdrawalEmail } from './templates.ts';
import { siteConfig } from '../site.ts';

/** The tool a decision was taken on, and who wrote it. */
export interface Decision {
  id: string;
  slug: string;
  title: string;
  authorId: string | null;
}

/**
 * Tells the author by e-mail: the page's address on approval, the reason and the editor's address on rejection,
 * the reason and the dashboard's address when an admin withdraws a published tool.
 */
export async function notifyAuthor(
  decision: Decision & ({ outcome: 'approved' } | { outcome: 'rejected' | 'withdrawn'; reason: string }),
  db: Queryable = getPool(),
): Promise<void> {
  if (!decision.authorId) return;
  try {
    const { rows } = await db.query<{ name: string; email: string }>('SELECT name, email FROM profiles WHERE id = $1', [decision.authorId]);
    const author = rows[0];
    if (!author) return;
    const site = siteConfig();
    const common = { to: author.email, name: author.name, title: decision.title, siteName: site.name };
    const message =
      decision.outcome === 'approved'
        ? approvalEmail({ ...common, url: new URL(`/${decision.slug}`, site.url).href })
        : decision.outcome === 'rejected'
          ? rejectionEmail({ ...common, reason: decision.reason, editUrl: new URL(`/editar/${decision.id}`, site.url).href })
          : withdrawalEmail({ ...common, reason: decision.reason, dashboardUrl: new URL('/dashboard/posts', site.url).href });
    await siteMailer()(message);
  } catch (error) {
    console.error(`No se pudo avisar por correo al autor de «${decision.title}»:`, error);
  }
}
