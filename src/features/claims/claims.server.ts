/**
 * Makers' claims of their tools: proof by a one-time link sent to an address at the tool's own
 * registrable domain (only its SHA-256 is stored; 24 h; single use), at most one verified maker per tool (a
 * partial unique index settles races), admins revoke. A verified maker proposes changes to the live listing;
 * an admin approves them through the normal admin edit (saveEdit: audit, page stamp, rebuild) or rejects them.
 * Every step is written to the audit log.
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { can } from '../../lib/permissions.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { registrableDomain } from '../../server/catalogue/site-check.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { claimEmail } from '../../server/email/templates.ts';
import { siteMailer } from '../../server/email/site-mailer.ts';
import type { SendMail } from '../../server/email/mailer.ts';
import { AppError, endpoint, parseWith } from '../../server/http/endpoint.ts';
import { siteConfig } from '../../server/site.ts';
import { editInput } from '../../lib/tool-form.ts';
import { loadEditableTool, saveEdit } from '../../server/db/queries/tool-writes.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';
import { emailClaimInput, idParams, proposalDecisionInput, proposalInput, type ProposalInput } from './claim-input.ts';
import { CLAIM_TOKEN_HOURS, CLAIM_VERIFY_PATH, PROPOSAL_FIELDS, type ProposalValues } from './claims.ts';
import {
  decidePendingProposal,
  hideMakerReviews,
  insertEmailClaim,
  insertProposal,
  lockEmailClaim,
  lockUnrevokedClaim,
  pendingProposal,
  publishedToolById,
  readClaims,
  readPendingProposals,
  setClaimRevoked,
  setClaimVerified,
  type ClaimableTool,
  type ClaimRow,
  type PendingProposal,
} from './claims-queries.server.ts';

export type Actor = Pick<SessionUser, 'id' | 'name' | 'role'>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function toolById(toolId: string, db: pg.Pool | pg.PoolClient): Promise<ClaimableTool> {
  const tool = await publishedToolById(toolId, db);
  if (!tool) throw new AppError('tool_not_found');
  return tool;
}

export function assertClaimable(tool: ClaimableTool, actor: Actor): void {
  if (tool.makerId === actor.id) throw new AppError('claim_already_yours');
  if (tool.makerId) throw new AppError('claim_taken');
}

/** Whether `email` is an address at the tool's registrable domain (a subdomain of it counts: equipo.ejemplo.com). */
export function emailAtDomain(email: string, domain: string): boolean {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return registrableDomain(`https://${host}/`) === domain;
}

/** Starts an e-mail claim and sends the one-time link; the token exists only in that message. */
export async function requestEmailClaim(actor: Actor, toolId: string, email: string, options: { pool?: pg.Pool; send?: SendMail } = {}): Promise<void> {
  const pool = options.pool ?? getPool();
  const tool = await toolById(toolId, pool);
  assertClaimable(tool, actor);
  if (!tool.domain) throw new AppError('claim_no_domain');
  if (!emailAtDomain(email, tool.domain)) throw new AppError('claim_domain_mismatch', { fields: { email: 'Usa una dirección de ' + tool.domain + '.' } });
  const token = randomBytes(32).toString('base64url');
  await inTransaction(async (client) => {
    await insertEmailClaim({ toolId, userId: actor.id, email, tokenHash: hashToken(token), hours: CLAIM_TOKEN_HOURS }, client);
    await recordAdminAction(
      actor,
      {
        action: 'claim.request',
        targetType: 'post',
        targetId: toolId,
        summary: `Pidió verificar «${tool.title}» con ${email}`,
        after: { method: 'email', email },
      },
      client,
    );
  }, pool);
  const site = siteConfig();
  const url = new URL(`${CLAIM_VERIFY_PATH}?token=${token}`, site.url).href;
  await (options.send ?? siteMailer())(claimEmail({ to: email, name: actor.name, title: tool.title, url, hours: CLAIM_TOKEN_HOURS, siteName: site.name }));
}

/**
 * Makes a pending claim the tool's verified maker (the partial unique index refuses a second one), audited. A
 * review the maker wrote before is hidden in the same transaction: a maker's own stars would be self-serving.
 */
export async function markVerified(actor: Actor, tool: ClaimableTool, claimId: string, client: pg.PoolClient): Promise<void> {
  await setClaimVerified(claimId, client);
  const hidden = await hideMakerReviews(tool.id, actor.id, client);
  await recordAdminAction(
    actor,
    {
      action: 'claim.verify',
      targetType: 'post',
      targetId: tool.id,
      summary: `Verificó que «${tool.title}» es suya`,
      after: { claimId, hiddenReviewId: hidden[0] ?? null },
    },
    client,
  );
}

/**
 * Spends a link's token for the signed-in user: the claim becomes verified. Another user's token, a spent or
 * expired one, and an unknown one all read the same (410), so a token says nothing about its owner.
 */
export async function verifyClaimToken(actor: Actor, token: string, pool: pg.Pool = getPool()): Promise<{ slug: string; title: string }> {
  try {
    return await inTransaction(async (client) => {
      // Only links sent by e-mail: a site claim's code is shown on /reclamar and proves nothing by itself.
      const claim = await lockEmailClaim(hashToken(token), client);
      if (!claim || !claim.usable || claim.user_id !== actor.id) throw new AppError('claim_token_invalid');
      const tool = await toolById(claim.post_id, client);
      assertClaimable(tool, actor);
      await markVerified(actor, tool, claim.id, client);
      return { slug: tool.slug, title: tool.title };
    }, pool);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('claim_taken');
    throw error;
  }
}

function assertClaimModerator(actor: Pick<SessionUser, 'role'> | null): void {
  if (!actor) throw new AppError('not_signed_in');
  if (!can(actor.role, 'moderate:claim:any')) throw new AppError('forbidden');
}

/** An admin withdraws a verified (or pending) claim: the badge goes and the maker can no longer propose. */
export async function revokeClaim(actor: Actor, claimId: string, pool: pg.Pool = getPool()): Promise<void> {
  assertClaimModerator(actor);
  await inTransaction(async (client) => {
    const claim = await lockUnrevokedClaim(claimId, client);
    if (!claim) throw new AppError('claim_not_found');
    await setClaimRevoked(claimId, client);
    await recordAdminAction(
      actor,
      {
        action: 'claim.revoke',
        targetType: 'post',
        targetId: claim.post_id,
        summary: `Retiró a ${claim.user_name} como creador de «${claim.title}»`,
        before: { status: claim.status },
        after: { status: 'revoked' },
      },
      client,
    );
  }, pool);
}

/** The fields of `input` that differ from the listing now, and their current values. */
function diff(tool: ClaimableTool, input: ProposalInput): { changes: ProposalValues; before: ProposalValues } {
  const current: Record<(typeof PROPOSAL_FIELDS)[number], string> = { title: tool.title, description: tool.description, url: tool.url ?? '' };
  const changes: ProposalValues = {};
  const before: ProposalValues = {};
  for (const field of PROPOSAL_FIELDS) {
    if (input[field] !== current[field]) {
      changes[field] = input[field];
      before[field] = current[field];
    }
  }
  return { changes, before };
}

/** A verified maker's proposed change, saved for an admin; nothing on the listing changes yet. */
export async function createProposal(actor: Actor, toolId: string, input: ProposalInput, pool: pg.Pool = getPool()): Promise<{ id: string }> {
  return inTransaction(async (client) => {
    const tool = await toolById(toolId, client);
    if (tool.makerId !== actor.id) throw new AppError('not_maker');
    const { changes, before } = diff(tool, input);
    if (Object.keys(changes).length === 0) throw new AppError('proposal_empty');
    const created = await insertProposal({ toolId, userId: actor.id, changes, before }, client);
    await recordAdminAction(
      actor,
      { action: 'proposal.create', targetType: 'post', targetId: toolId, summary: `Propuso cambios en «${tool.title}»`, before, after: changes },
      client,
    );
    return created;
  }, pool);
}

/** Pending proposals, oldest first (first come, first served). */
export async function listPendingProposals(actor: Pick<SessionUser, 'role'> | null, pool: pg.Pool = getPool()): Promise<PendingProposal[]> {
  assertClaimModerator(actor);
  return readPendingProposals(pool);
}

/** Verified claims and the pending ones of the last day, newest first. */
export async function listClaims(actor: Pick<SessionUser, 'role'> | null, pool: pg.Pool = getPool()): Promise<ClaimRow[]> {
  assertClaimModerator(actor);
  return readClaims(pool);
}

/**
 * Approves a proposal by saving the listing through the admin's edit (the same audit, page stamp and rebuild as
 * /admin/edit), or rejects it. A proposal is decided once.
 */
export async function decideProposal(actor: SessionUser, proposalId: string, action: 'approve' | 'reject', pool: pg.Pool = getPool()): Promise<void> {
  assertClaimModerator(actor);
  const proposal = await pendingProposal(proposalId, pool);
  if (!proposal) throw new AppError('proposal_not_found');
  if (action === 'approve') {
    const loaded = await loadEditableTool(proposal.post_id, actor, pool);
    if (loaded === 'missing' || loaded === 'forbidden') throw new AppError('tool_not_found');
    const { post: tool } = loaded;
    const input = parseWith(editInput, {
      title: tool.title,
      description: tool.description,
      url: tool.url,
      pricing: tool.pricing,
      categoryIds: tool.categoryIds,
      imageUrl: tool.imageUrl,
      logoUrl: tool.logoUrl,
      content: tool.content,
      metaTitle: tool.metaTitle,
      metaDescription: tool.metaDescription,
      keywords: tool.keywords,
      author: tool.author,
      useCases: tool.useCases,
      version: tool.version,
      ...proposal.changes,
    });
    await saveEdit(proposal.post_id, input, actor, siteConfig(), pool);
  }
  await inTransaction(async (client) => {
    if (!(await decidePendingProposal(proposalId, action === 'approve' ? 'approved' : 'rejected', actor.id, client))) throw new AppError('proposal_not_found');
    await recordAdminAction(
      actor,
      {
        action: `proposal.${action}`,
        targetType: 'post',
        targetId: proposal.post_id,
        summary: `${action === 'approve' ? 'Aprobó' : 'Rechazó'} los cambios propuestos por el creador de «${proposal.title}»`,
        after: proposal.changes,
      },
      client,
    );
  }, pool);
  if (action === 'approve') await publishedContentChanged(`cambios del creador de «${proposal.title}»`);
}

/** POST /api/claims/{toolId}/email {email}: sends the one-time link to that address at the tool's domain. */
export const emailClaimEndpoint = endpoint({
  access: { need: 'claim:post:own', signedOut: 'Inicia sesión para reclamar una herramienta.' },
  params: idParams,
  body: { json: emailClaimInput, maxBytes: 1024 },
  limits: { name: 'claims', user: { window: 3600, max: 5 }, ip: { window: 3600, max: 20 } },
  handle: async ({ user, params, body }) => {
    await requestEmailClaim(user, params.id, body.email);
    return { sent: true };
  },
});

/** POST /api/claims/{toolId}/proposals {title, description, url}: a verified maker's proposal. */
export const proposalEndpoint = endpoint({
  access: { need: 'claim:post:own', signedOut: 'Inicia sesión para proponer cambios.' },
  params: idParams,
  body: { json: proposalInput, maxBytes: 16 * 1024 },
  limits: { name: 'proposals', user: { window: 3600, max: 10 } },
  handle: async ({ user, params, body }) => createProposal(user, params.id, body),
});

/** POST /api/admin/claims/{claimId}: revokes a claim. */
export const revokeClaimEndpoint = endpoint({
  access: 'moderate:claim:any',
  params: idParams,
  limits: { name: 'claim-actions', user: { window: 600, max: 120 } },
  handle: async ({ user, params }) => {
    await revokeClaim(user, params.id);
  },
});

/** POST /api/admin/proposals/{proposalId} {action}: approves or rejects a proposal. */
export const proposalDecisionEndpoint = endpoint({
  access: 'moderate:claim:any',
  params: idParams,
  body: { json: proposalDecisionInput, maxBytes: 256 },
  limits: { name: 'claim-actions', user: { window: 600, max: 120 } },
  handle: async ({ user, params, body }) => {
    await decideProposal(user, params.id, body.action);
  },
});
