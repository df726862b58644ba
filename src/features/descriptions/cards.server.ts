/** /mis-descripciones cards from stored rows: sanitized once more on the way out, plus their plain text. */
import type { SavedDescriptionCard } from './descriptions.ts';
import { listSavedDescriptions } from './queries.server.ts';
import { htmlToText, sanitizeHtmlContent } from '../../server/html/sanitize.ts';

export async function savedDescriptionCards(userId: string): Promise<SavedDescriptionCard[]> {
  const rows = await listSavedDescriptions(userId);
  return rows.map((row) => {
    // Rows written before a tightening of the allowlist are still shown under today's rules.
    const html = sanitizeHtmlContent(row.html);
    return { id: row.id, html, text: htmlToText(html), language: row.language, type: row.type, imageUrl: row.imageUrl, createdAt: row.createdAt };
  });
}
