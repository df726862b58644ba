/**
 * "Descargar mis datos": everything the site keeps about the signed-in user, as one JSON file. Secrets are left
 * out (password hashes, session and OAuth tokens); stored images are given by their public address.
 */
import { getPool } from '../../server/db/client.ts';
import { toolFactsJson } from '../../server/db/queries/tool-facts.ts';
import type { ToolFacts } from '../../lib/tool-facts.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { type StorageDriver } from '../../server/storage/driver.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { siteConfig } from '../../server/site.ts';
import { slugify } from '../../lib/slug.ts';
import { avatarUrlFor } from '../../server/auth/avatar-url.ts';
import { servedReference } from './queries.server.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

async function rows<T extends Record<string, unknown>>(db: Queryable, text: string, userId: string): Promise<T[]> {
  return (await db.query<T>(text, [userId])).rows;
}

/** The user's data, newest first in every list. */
export async function exportUserData(userId: string, siteName: string, db: Queryable = getPool(), storage: StorageDriver = getStorage()) {
  const [profile] = await rows<{
    id: string;
    name: string;
    email: string;
    email_verified: boolean;
    bio: string | null;
    avatar_url: string | null;
    role: string;
    created_at: Date;
    updated_at: Date;
  }>(db, 'SELECT id, name, email, email_verified, bio, avatar_url, role, created_at, updated_at FROM profiles WHERE id = $1', userId);
  if (!profile) return null;
  const accounts = await rows<{ provider_id: string; created_at: Date }>(
    db,
    'SELECT provider_id, created_at FROM accounts WHERE user_id = $1 ORDER BY created_at',
    userId,
  );
  const sessions = await rows<{ created_at: Date; expires_at: Date; ip_address: string | null; user_agent: string | null }>(
    db,
    'SELECT created_at, expires_at, ip_address, user_agent FROM sessions WHERE user_id = $1 ORDER BY created_at DESC',
    userId,
  );
  const posts = await rows<{
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
    db,
    `SELECT p.id, p.title, p.slug, p.description, p.content, p.url, p.image_url, p.logo_url, p.author, p.keywords, p.pricing,
            p.status, p.review_note, p.views::text AS views, p.saved_count, p.created_at, p.updated_at, p.published_date,
            ${toolFactsJson('p')} AS facts,
            coalesce((SELECT array_agg(c.name ORDER BY pc.position, c.name) FROM post_categories pc
                       JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id), '{}') AS categories
       FROM posts p WHERE p.user_id = $1 ORDER BY p.created_at DESC`,
    userId,
  );
  const saved = await rows<{ id: string; title: string; slug: string; status: string; saved_at: Date }>(
    db,
    `SELECT p.id, p.title, p.slug, p.status, s.created_at AS saved_at
       FROM saved_posts s JOIN posts p ON p.id = s.post_id WHERE s.user_id = $1 ORDER BY s.created_at DESC`,
    userId,
  );
  const images = await rows<{
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
    db,
    `SELECT id, prompt, model_used, image_url, width, height, seed, is_saved, created_at
       FROM image_generation_history WHERE user_id = $1 ORDER BY created_at DESC`,
    userId,
  );
  const descriptions = await rows<{
    id: string;
    image_url: string;
    generated_description: string;
    description_type: string;
    language: string;
    custom_instructions: string | null;
    saved: boolean;
    created_at: Date;
  }>(
    db,
    `SELECT d.id, d.image_url, d.generated_description, d.description_type, d.language, d.custom_instructions, d.created_at,
            EXISTS (SELECT 1 FROM saved_image_descriptions s WHERE s.description_id = d.id AND s.user_id = d.user_id) AS saved
       FROM generated_image_descriptions d WHERE d.user_id = $1 ORDER BY d.created_at DESC`,
    userId,
  );
  const stories = await rows<{ id: string; title: string; prompt: string; options: unknown; content: string; created_at: Date }>(
    db,
    'SELECT id, title, prompt, options, content, created_at FROM generated_stories WHERE user_id = $1 ORDER BY created_at DESC',
    userId,
  );
  // Problems the user reported, tools they claimed, and changes they proposed as a verified maker.
  const reports = await rows<{ tool: string; reason: string; details: string | null; email: string | null; status: string; created_at: Date }>(
    db,
    `SELECT p.slug AS tool, r.reason, r.details, r.email, r.status, r.created_at
       FROM tool_reports r JOIN posts p ON p.id = r.post_id WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
    userId,
  );
  const claims = await rows<{ tool: string; method: string; email: string | null; status: string; created_at: Date; verified_at: Date | null }>(
    db,
    `SELECT p.slug AS tool, c.method, c.email, c.status, c.created_at, c.verified_at
       FROM tool_claims c JOIN posts p ON p.id = c.post_id WHERE c.user_id = $1 ORDER BY c.created_at DESC`,
    userId,
  );
  const proposals = await rows<{ tool: string; changes: unknown; status: string; created_at: Date }>(
    db,
    `SELECT p.slug AS tool, l.changes, l.status, l.created_at
       FROM listing_proposals l JOIN posts p ON p.id = l.post_id WHERE l.user_id = $1 ORDER BY l.created_at DESC`,
    userId,
  );
  const reviews = await rows<{
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
    db,
    `SELECT r.id, p.title AS tool_title, p.slug AS tool_slug, r.rating, r.title, r.body, r.pros, r.cons, r.status, r.helpful_count,
            r.created_at, r.updated_at
       FROM reviews r JOIN posts p ON p.id = r.post_id WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
    userId,
  );
  const reviewReplies = await rows<{ id: string; review_id: string; tool_slug: string; body: string; created_at: Date; updated_at: Date }>(
    db,
    `SELECT rp.id, rp.review_id, p.slug AS tool_slug, rp.body, rp.created_at, rp.updated_at
       FROM review_replies rp JOIN reviews r ON r.id = rp.review_id JOIN posts p ON p.id = r.post_id
      WHERE rp.user_id = $1 ORDER BY rp.created_at DESC`,
    userId,
  );
  const helpfulVotes = await rows<{ review_id: string; tool_slug: string; created_at: Date }>(
    db,
    `SELECT v.review_id, p.slug AS tool_slug, v.created_at
       FROM review_votes v JOIN reviews r ON r.id = v.review_id JOIN posts p ON p.id = r.post_id
      WHERE v.user_id = $1 ORDER BY v.created_at DESC`,
    userId,
  );
  const reviewReports = await rows<{ review_id: string; tool_slug: string; created_at: Date }>(
    db,
    `SELECT rr.review_id, p.slug AS tool_slug, rr.created_at
       FROM review_reports rr JOIN reviews r ON r.id = rr.review_id JOIN posts p ON p.id = r.post_id
      WHERE rr.user_id = $1 ORDER BY rr.created_at DESC`,
    userId,
  );

  return {
    site: siteName,
    exportedAt: new Date().toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: profile.email_verified,
      bio: profile.bio,
      avatarUrl: avatarUrlFor(storage, profile.avatar_url),
      role: profile.role,
      createdAt: iso(profile.created_at),
      updatedAt: iso(profile.updated_at),
    },
    signInMethods: accounts.map((account) => ({
      provider: account.provider_id === 'credential' ? 'email' : account.provider_id,
      since: iso(account.created_at),
    })),
    sessions: sessions.map((session) => ({
      createdAt: iso(session.created_at),
      expiresAt: iso(session.expires_at),
      ipAddress: session.ip_address,
      userAgent: session.user_agent,
    })),
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      description: post.description,
      content: post.content,
      url: post.url,
      imageUrl: servedReference(storage, post.image_url),
      logoUrl: servedReference(storage, post.logo_url),
      author: post.author,
      categories: post.categories,
      keywords: post.keywords ?? [],
      pricing: post.pricing,
      // The tool's facts as they stand; who checked them is another person's id, so it stays out.
      facts: (({ checkedBy: _checkedBy, ...facts }: ToolFacts) => facts)(post.facts),
      status: post.status,
      reviewNote: post.review_note,
      views: Number(post.views),
      savedCount: post.saved_count,
      createdAt: iso(post.created_at),
      updatedAt: iso(post.updated_at),
      publishedDate: iso(post.published_date),
    })),
    savedTools: saved.map((tool) => ({ id: tool.id, title: tool.title, slug: tool.slug, status: tool.status, savedAt: iso(tool.saved_at) })),
    images: images.map((image) => ({
      id: image.id,
      prompt: image.prompt,
      model: image.model_used,
      imageUrl: servedReference(storage, image.image_url),
      width: image.width,
      height: image.height,
      seed: image.seed,
      saved: image.is_saved,
      createdAt: iso(image.created_at),
    })),
    descriptions: descriptions.map((description) => ({
      id: description.id,
      imageUrl: description.image_url.startsWith('upload://') ? null : description.image_url,
      description: description.generated_description,
      type: description.description_type,
      language: description.language,
      instructions: description.custom_instructions,
      saved: description.saved,
      createdAt: iso(description.created_at),
    })),
    stories: stories.map((story) => ({
      id: story.id,
      title: story.title,
      prompt: story.prompt,
      options: story.options,
      content: story.content,
      createdAt: iso(story.created_at),
    })),
    toolReports: reports.map((report) => ({
      tool: report.tool,
      reason: report.reason,
      details: report.details,
      email: report.email,
      status: report.status,
      createdAt: iso(report.created_at),
    })),
    toolClaims: claims.map((claim) => ({
      tool: claim.tool,
      method: claim.method,
      email: claim.email,
      status: claim.status,
      createdAt: iso(claim.created_at),
      verifiedAt: iso(claim.verified_at),
    })),
    listingProposals: proposals.map((proposal) => ({
      tool: proposal.tool,
      changes: proposal.changes,
      status: proposal.status,
      createdAt: iso(proposal.created_at),
    })),
    reviews: reviews.map((review) => ({
      id: review.id,
      tool: { title: review.tool_title, slug: review.tool_slug },
      rating: review.rating,
      title: review.title,
      body: review.body,
      pros: review.pros,
      cons: review.cons,
      status: review.status,
      helpfulCount: review.helpful_count,
      createdAt: iso(review.created_at),
      updatedAt: iso(review.updated_at),
    })),
    reviewReplies: reviewReplies.map((reply) => ({
      id: reply.id,
      reviewId: reply.review_id,
      toolSlug: reply.tool_slug,
      body: reply.body,
      createdAt: iso(reply.created_at),
      updatedAt: iso(reply.updated_at),
    })),
    helpfulVotes: helpfulVotes.map((vote) => ({ reviewId: vote.review_id, toolSlug: vote.tool_slug, createdAt: iso(vote.created_at) })),
    reviewReports: reviewReports.map((report) => ({ reviewId: report.review_id, toolSlug: report.tool_slug, createdAt: iso(report.created_at) })),
  };
}

export type UserDataExport = NonNullable<Awaited<ReturnType<typeof exportUserData>>>;

/** 'mis-datos-brujula-ia-2026-11-25.json'. */
export function exportFileName(siteName: string, now = new Date()): string {
  return `mis-datos-${slugify(siteName) || 'sitio'}-${now.toISOString().slice(0, 10)}.json`;
}

/** GET /api/me/export: the file, as a download. */
export const exportDataEndpoint = endpoint({
  access: 'user',
  limits: { name: 'export', user: { window: 3600, max: 20 }, ip: { window: 3600, max: 40 } },
  handle: async ({ user }) => {
    const site = siteConfig();
    const data = await exportUserData(user.id, site.name);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName(site.name)}"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
