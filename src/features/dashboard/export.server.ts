/**
 * "Descargar mis datos": everything the site keeps about the signed-in user, as one JSON file. Secrets are left
 * out (password hashes, session and OAuth tokens); stored images are given by their public address.
 */
import { getPool } from '../../server/db/client.ts';
import type { ToolFacts } from '../../lib/tool-facts.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { type StorageDriver } from '../../server/storage/driver.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { siteConfig } from '../../server/site.ts';
import { slugify } from '../../lib/slug.ts';
import { avatarUrlFor } from '../../server/auth/avatar-url.ts';
import { readUserDataRows } from './export-queries.server.ts';
import { servedReference } from './queries.server.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The user's data, newest first in every list. */
export async function exportUserData(userId: string, siteName: string, db: Queryable = getPool(), storage: StorageDriver = getStorage()) {
  const stored = await readUserDataRows(userId, db);
  if (!stored) return null;
  return {
    site: siteName,
    exportedAt: new Date().toISOString(),
    profile: {
      id: stored.profile.id,
      name: stored.profile.name,
      email: stored.profile.email,
      emailVerified: stored.profile.email_verified,
      bio: stored.profile.bio,
      avatarUrl: avatarUrlFor(storage, stored.profile.avatar_url),
      role: stored.profile.role,
      createdAt: iso(stored.profile.created_at),
      updatedAt: iso(stored.profile.updated_at),
    },
    signInMethods: stored.accounts.map((account) => ({
      provider: account.provider_id === 'credential' ? 'email' : account.provider_id,
      since: iso(account.created_at),
    })),
    sessions: stored.sessions.map((session) => ({
      createdAt: iso(session.created_at),
      expiresAt: iso(session.expires_at),
      ipAddress: session.ip_address,
      userAgent: session.user_agent,
    })),
    posts: stored.posts.map((tool) => ({
      id: tool.id,
      title: tool.title,
      slug: tool.slug,
      description: tool.description,
      content: tool.content,
      url: tool.url,
      imageUrl: servedReference(storage, tool.image_url),
      logoUrl: servedReference(storage, tool.logo_url),
      author: tool.author,
      categories: tool.categories,
      keywords: tool.keywords ?? [],
      pricing: tool.pricing,
      // The tool's facts as they stand; who checked them is another person's id, so it stays out.
      facts: (({ checkedBy: _checkedBy, ...facts }: ToolFacts) => facts)(tool.facts),
      status: tool.status,
      reviewNote: tool.review_note,
      views: Number(tool.views),
      savedCount: tool.saved_count,
      createdAt: iso(tool.created_at),
      updatedAt: iso(tool.updated_at),
      publishedDate: iso(tool.published_date),
    })),
    savedTools: stored.saved.map((tool) => ({ id: tool.id, title: tool.title, slug: tool.slug, status: tool.status, savedAt: iso(tool.saved_at) })),
    images: stored.images.map((image) => ({
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
    descriptions: stored.descriptions.map((description) => ({
      id: description.id,
      imageUrl: description.image_url.startsWith('upload://') ? null : description.image_url,
      description: description.generated_description,
      type: description.description_type,
      language: description.language,
      instructions: description.custom_instructions,
      saved: description.saved,
      createdAt: iso(description.created_at),
    })),
    stories: stored.stories.map((story) => ({
      id: story.id,
      title: story.title,
      prompt: story.prompt,
      options: story.options,
      content: story.content,
      createdAt: iso(story.created_at),
    })),
    toolReports: stored.reports.map((report) => ({
      tool: report.tool,
      reason: report.reason,
      details: report.details,
      email: report.email,
      status: report.status,
      createdAt: iso(report.created_at),
    })),
    toolClaims: stored.claims.map((claim) => ({
      tool: claim.tool,
      method: claim.method,
      email: claim.email,
      status: claim.status,
      createdAt: iso(claim.created_at),
      verifiedAt: iso(claim.verified_at),
    })),
    listingProposals: stored.proposals.map((proposal) => ({
      tool: proposal.tool,
      changes: proposal.changes,
      status: proposal.status,
      createdAt: iso(proposal.created_at),
    })),
    reviews: stored.reviews.map((review) => ({
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
    reviewReplies: stored.reviewReplies.map((reply) => ({
      id: reply.id,
      reviewId: reply.review_id,
      toolSlug: reply.tool_slug,
      body: reply.body,
      createdAt: iso(reply.created_at),
      updatedAt: iso(reply.updated_at),
    })),
    helpfulVotes: stored.helpfulVotes.map((vote) => ({ reviewId: vote.review_id, toolSlug: vote.tool_slug, createdAt: iso(vote.created_at) })),
    reviewReports: stored.reviewReports.map((report) => ({ reviewId: report.review_id, toolSlug: report.tool_slug, createdAt: iso(report.created_at) })),
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
