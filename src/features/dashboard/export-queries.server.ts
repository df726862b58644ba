/** What «Exportar mis datos» reads (export.server.ts turns it into the file). */
import type { ToolFacts } from '../../lib/tool-facts.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { toolFactsJson } from '../../server/db/queries/tool-facts.ts';

/**
 * Everything stored about one user, as rows, for «Exportar mis datos»; null when the account does not exist.
 * Every statement filters by the user's id.
 */
export async function readUserDataRows(userId: string, db: Queryable) {
  const [profile] = (
    await db.query<{
      id: string;
      name: string;
      email: string;
      email_verified: boolean;
      bio: string | null;
      avatar_url: string | null;
      role: string;
      created_at: Date;
      updated_at: Date;
    }>('SELECT id, name, email, email_verified, bio, avatar_url, role, created_at, updated_at FROM profiles WHERE id = $1', [userId])
  ).rows;
  if (!profile) return null;
  const accounts = (
    await db.query<{ provider_id: string; created_at: Date }>('SELECT provider_id, created_at FROM accounts WHERE user_id = $1 ORDER BY created_at', [userId])
  ).rows;
  const sessions = (
    await db.query<{ created_at: Date; expires_at: Date; ip_address: string | null; user_agent: string | null }>(
      'SELECT created_at, expires_at, ip_address, user_agent FROM sessions WHERE user_id = $1 ORDER BY created_at DESC',
      [userId],
    )
  ).rows;
  const tools = (
    await db.query<{
      id: string;
      title: string;
      slug: string;
      description: string;
      content: string;
      url: string | null;
      image_url: string | null;
      logo_url: string | null;
      author: string | null;
      keywords: string[] | null;
      pricing: string;
      status: string;
      review_note: string | null;
      views: string;
      saved_count: number;
      categories: string[];
      facts: ToolFacts;
      created_at: Date;
      updated_at: Date;
      published_date: Date | null;
    }>(
      `SELECT p.id, p.title, p.slug, p.description, p.content, p.url, p.image_url, p.logo_url, p.author, p.keywords, p.pricing,
            p.status, p.review_note, p.views::text AS views, p.saved_count, p.created_at, p.updated_at, p.published_date,
            ${toolFactsJson('p')} AS facts,
            coalesce((SELECT array_agg(c.name ORDER BY pc.position, c.name) FROM post_categories pc
                       JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id), '{}') AS categories
       FROM posts p WHERE p.user_id = $1 ORDER BY p.created_at DESC`,
      [userId],
    )
  ).rows;
  const saved = (
    await db.query<{ id: string; title: string; slug: string; status: string; saved_at: Date }>(
      `SELECT p.id, p.title, p.slug, p.status, s.created_at AS saved_at
       FROM saved_posts s JOIN posts p ON p.id = s.post_id WHERE s.user_id = $1 ORDER BY s.created_at DESC`,
      [userId],
    )
  ).rows;
  const images = (
    await db.query<{
      id: string;
      prompt: string;
      model_used: string;
      image_url: string;
      width: number;
      height: number;
      seed: number | null;
      is_saved: boolean;
      created_at: Date;
    }>(
      `SELECT id, prompt, model_used, image_url, width, height, seed, is_saved, created_at
       FROM image_generation_history WHERE user_id = $1 ORDER BY created_at DESC`,
      [userId],
    )
  ).rows;
  const descriptions = (
    await db.query<{
      id: string;
      image_url: string;
      generated_description: string;
      description_type: string;
      language: string;
      custom_instructions: string | null;
      saved: boolean;
      created_at: Date;
    }>(
      `SELECT d.id, d.image_url, d.generated_description, d.description_type, d.language, d.custom_instructions, d.created_at,
            EXISTS (SELECT 1 FROM saved_image_descriptions s WHERE s.description_id = d.id AND s.user_id = d.user_id) AS saved
       FROM generated_image_descriptions d WHERE d.user_id = $1 ORDER BY d.created_at DESC`,
      [userId],
    )
  ).rows;
  const stories = (
    await db.query<{ id: string; title: string; prompt: string; options: unknown; content: string; created_at: Date }>(
      'SELECT id, title, prompt, options, content, created_at FROM generated_stories WHERE user_id = $1 ORDER BY created_at DESC',
      [userId],
    )
  ).rows;
  // Problems the user reported, tools they claimed, and changes they proposed as a verified maker.
  const reports = (
    await db.query<{ tool: string; reason: string; details: string | null; email: string | null; status: string; created_at: Date }>(
      `SELECT p.slug AS tool, r.reason, r.details, r.email, r.status, r.created_at
       FROM tool_reports r JOIN posts p ON p.id = r.post_id WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [userId],
    )
  ).rows;
  const claims = (
    await db.query<{ tool: string; method: string; email: string | null; status: string; created_at: Date; verified_at: Date | null }>(
      `SELECT p.slug AS tool, c.method, c.email, c.status, c.created_at, c.verified_at
       FROM tool_claims c JOIN posts p ON p.id = c.post_id WHERE c.user_id = $1 ORDER BY c.created_at DESC`,
      [userId],
    )
  ).rows;
  const proposals = (
    await db.query<{ tool: string; changes: unknown; status: string; created_at: Date }>(
      `SELECT p.slug AS tool, l.changes, l.status, l.created_at
       FROM listing_proposals l JOIN posts p ON p.id = l.post_id WHERE l.user_id = $1 ORDER BY l.created_at DESC`,
      [userId],
    )
  ).rows;
  const reviews = (
    await db.query<{
      id: string;
      tool_title: string;
      tool_slug: string;
      rating: number;
      title: string;
      body: string;
      pros: string;
      cons: string;
      status: string;
      helpful_count: number;
      created_at: Date;
      updated_at: Date;
    }>(
      `SELECT r.id, p.title AS tool_title, p.slug AS tool_slug, r.rating, r.title, r.body, r.pros, r.cons, r.status, r.helpful_count,
            r.created_at, r.updated_at
       FROM reviews r JOIN posts p ON p.id = r.post_id WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [userId],
    )
  ).rows;
  const reviewReplies = (
    await db.query<{ id: string; review_id: string; tool_slug: string; body: string; created_at: Date; updated_at: Date }>(
      `SELECT rp.id, rp.review_id, p.slug AS tool_slug, rp.body, rp.created_at, rp.updated_at
       FROM review_replies rp JOIN reviews r ON r.id = rp.review_id JOIN posts p ON p.id = r.post_id
      WHERE rp.user_id = $1 ORDER BY rp.created_at DESC`,
      [userId],
    )
  ).rows;
  const helpfulVotes = (
    await db.query<{ review_id: string; tool_slug: string; created_at: Date }>(
      `SELECT v.review_id, p.slug AS tool_slug, v.created_at
       FROM review_votes v JOIN reviews r ON r.id = v.review_id JOIN posts p ON p.id = r.post_id
      WHERE v.user_id = $1 ORDER BY v.created_at DESC`,
      [userId],
    )
  ).rows;
  const reviewReports = (
    await db.query<{ review_id: string; tool_slug: string; created_at: Date }>(
      `SELECT rr.review_id, p.slug AS tool_slug, rr.created_at
       FROM review_reports rr JOIN reviews r ON r.id = rr.review_id JOIN posts p ON p.id = r.post_id
      WHERE rr.user_id = $1 ORDER BY rr.created_at DESC`,
      [userId],
    )
  ).rows;

  return {
    profile,
    accounts,
    sessions,
    posts: tools,
    saved,
    images,
    descriptions,
    stories,
    reports,
    claims,
    proposals,
    reviews,
    reviewReplies,
    helpfulVotes,
    reviewReports,
  };
}
