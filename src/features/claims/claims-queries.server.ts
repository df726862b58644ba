/** The statements behind ownership claims (claims.server.ts and site-claim.server.ts hold the rules and the endpoints). */
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import type { ProposalValues } from './claims.ts';

/** The user's pending, unexpired claims of a tool by its site, newest first. */
export async function pendingSiteClaims(toolId: string, userId: string, db: Queryable): Promise<{ id: string; expiresAt: Date }[]> {
  const { rows } = await db.query<{ id: string; expiresAt: Date }>(
    `SELECT id, expires_at AS "expiresAt" FROM tool_claims
      WHERE post_id = $1 AND user_id = $2 AND method = 'site' AND status = 'pending' AND expires_at > now()
      ORDER BY created_at DESC`,
    [toolId, userId],
  );
  return rows;
}

/** Stores a new claim by site code, valid for `days`; answers when it expires. */
export async function insertSiteClaim(claim: { id: string; toolId: string; userId: string; tokenHash: string; days: number }, db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO tool_claims (id, post_id, user_id, method, token_hash, expires_at)
     VALUES ($1, $2, $3, 'site', $4, now() + make_interval(days => $5)) RETURNING expires_at`,
    [claim.id, claim.toolId, claim.userId, claim.tokenHash, claim.days],
  );
  return rows[0]!.expires_at;
}

/** Locks a claim that is still pending and unexpired; false when it no longer is. */
export async function lockPendingClaim(claimId: string, db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM tool_claims WHERE id = $1 AND status = 'pending' AND expires_at > now() FOR UPDATE`, [claimId]);
  return Boolean(rowCount);
}

export interface ClaimableTool {
  id: string;
  slug: string;
  title: string;
  description: string;
  url: string | null;
  domain: string | null;
  /** The verified maker's user id, if anyone has proved it. */
  makerId: string | null;
}

const CLAIMABLE_COLUMNS = `p.id, p.slug, p.title, p.description, p.url, p.domain,
  (SELECT c.user_id FROM tool_claims c WHERE c.post_id = p.id AND c.status = 'verified') AS "makerId"`;

/** A published tool as /reclamar/{slug} needs it. */
export async function findClaimableTool(slug: string, db: Queryable = getPool()): Promise<ClaimableTool | undefined> {
  const { rows } = await db.query<ClaimableTool>(`SELECT ${CLAIMABLE_COLUMNS} FROM posts p WHERE p.slug = $1 AND p.status = 'published'`, [slug]);
  return rows[0];
}

/** A published tool by id with its verified maker; undefined when there is no such published tool. */
export async function publishedToolById(toolId: string, db: Queryable): Promise<ClaimableTool | undefined> {
  const { rows } = await db.query<ClaimableTool>(`SELECT ${CLAIMABLE_COLUMNS} FROM posts p WHERE p.id = $1 AND p.status = 'published'`, [toolId]);
  return rows[0];
}

/** Stores a claim by e-mail link (only the token's hash), valid for `hours`. */
export async function insertEmailClaim(
  claim: { toolId: string; userId: string; email: string; tokenHash: string; hours: number },
  db: Queryable,
): Promise<void> {
  await db.query(
    `INSERT INTO tool_claims (post_id, user_id, method, email, token_hash, expires_at)
     VALUES ($1, $2, 'email', $3, $4, now() + make_interval(hours => $5))`,
    [claim.toolId, claim.userId, claim.email, claim.tokenHash, claim.hours],
  );
}

/** The e-mail claim whose link has this token hash, locked, and whether it can still be used. */
export async function lockEmailClaim(tokenHash: string, db: Queryable) {
  const { rows } = await db.query<{ id: string; post_id: string; user_id: string; usable: boolean }>(
    `SELECT id, post_id, user_id, (used_at IS NULL AND status = 'pending' AND expires_at > now()) AS usable
       FROM tool_claims WHERE token_hash = $1 AND method = 'email' FOR UPDATE`,
    [tokenHash],
  );
  return rows[0];
}

export async function setClaimVerified(claimId: string, db: Queryable): Promise<void> {
  await db.query(`UPDATE tool_claims SET status = 'verified', used_at = now(), verified_at = now() WHERE id = $1`, [claimId]);
}

/** Hides the maker's published reviews of their own tool; answers their ids. */
export async function hideMakerReviews(toolId: string, userId: string, db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE reviews SET status = 'hidden' WHERE post_id = $1 AND user_id = $2 AND status = 'published' RETURNING id`,
    [toolId, userId],
  );
  return rows.map((row) => row.id);
}

/** A claim not yet revoked, locked, with its tool's title and its maker's name. */
export async function lockUnrevokedClaim(claimId: string, db: Queryable) {
  const { rows } = await db.query<{ post_id: string; status: string; title: string; user_name: string }>(
    `SELECT c.post_id, c.status, p.title, u.name AS user_name
       FROM tool_claims c JOIN posts p ON p.id = c.post_id JOIN profiles u ON u.id = c.user_id
      WHERE c.id = $1 AND c.status <> 'revoked' FOR UPDATE OF c`,
    [claimId],
  );
  return rows[0];
}

export async function setClaimRevoked(claimId: string, db: Queryable): Promise<void> {
  await db.query(`UPDATE tool_claims SET status = 'revoked', revoked_at = now() WHERE id = $1`, [claimId]);
}

export async function insertProposal(
  proposal: { toolId: string; userId: string; changes: ProposalValues; before: ProposalValues },
  db: Queryable,
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO listing_proposals (post_id, user_id, changes, before) VALUES ($1, $2, $3, $4) RETURNING id`, [
    proposal.toolId,
    proposal.userId,
    JSON.stringify(proposal.changes),
    JSON.stringify(proposal.before),
  ]);
  return rows[0]!;
}

export interface PendingProposal {
  id: string;
  toolId: string;
  slug: string;
  title: string;
  makerName: string;
  createdAt: Date;
  changes: ProposalValues;
  before: ProposalValues;
}

/** Pending proposals, oldest first (first come, first served). */
export async function readPendingProposals(db: Queryable): Promise<PendingProposal[]> {
  const { rows } = await db.query<PendingProposal>(
    `SELECT l.id, l.post_id AS "toolId", p.slug, p.title, u.name AS "makerName", l.created_at AS "createdAt", l.changes, l.before
       FROM listing_proposals l JOIN posts p ON p.id = l.post_id JOIN profiles u ON u.id = l.user_id
      WHERE l.status = 'pending' ORDER BY l.created_at LIMIT 200`,
  );
  return rows;
}

export interface ClaimRow {
  id: string;
  slug: string;
  title: string;
  userName: string;
  userEmail: string;
  email: string | null;
  status: 'pending' | 'verified';
  createdAt: Date;
}

/** Verified claims and the pending ones not yet expired, newest first. */
export async function readClaims(db: Queryable): Promise<ClaimRow[]> {
  const { rows } = await db.query<ClaimRow>(
    `SELECT c.id, p.slug, p.title, u.name AS "userName", u.email AS "userEmail", c.email, c.status, c.created_at AS "createdAt"
       FROM tool_claims c JOIN posts p ON p.id = c.post_id JOIN profiles u ON u.id = c.user_id
      WHERE c.status = 'verified' OR (c.status = 'pending' AND c.expires_at > now())
      ORDER BY c.created_at DESC LIMIT 200`,
  );
  return rows;
}

export async function pendingProposal(proposalId: string, db: Queryable) {
  const { rows } = await db.query<{ post_id: string; changes: ProposalValues; title: string }>(
    `SELECT l.post_id, l.changes, p.title FROM listing_proposals l JOIN posts p ON p.id = l.post_id WHERE l.id = $1 AND l.status = 'pending'`,
    [proposalId],
  );
  return rows[0];
}

/** Records the decision on a proposal still pending; false when another admin decided it first. */
export async function decidePendingProposal(proposalId: string, status: 'approved' | 'rejected', deciderId: string, db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE listing_proposals SET status = $2, decided_at = now(), decided_by = $3 WHERE id = $1 AND status = 'pending'`, [
    proposalId,
    status,
    deciderId,
  ]);
  return Boolean(rowCount);
}
