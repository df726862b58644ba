/**
 * «¿Es tu herramienta?» on a real PostgreSQL: a claim by an address at the tool's own domain (another
 * domain refused; the link's token single-use, expiring and bound to its account), one verified maker per tool
 * (409), the maker's proposal approved through the admin edit (fields applied, audited) or rejected, admins
 * revoke; plain users get 403 and guests 401 on the admin endpoints; markup is stored as text.
 */
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { closeDb } from '../../src/server/db/client.ts';
import type { MailMessage } from '../../src/server/email/mailer.ts';
import {
  createProposal,
  decideProposal,
  emailClaimEndpoint,
  proposalDecisionEndpoint,
  proposalEndpoint,
  requestEmailClaim,
  revokeClaimEndpoint,
  verifyClaimToken,
} from '../../src/features/claims/claims.server.ts';
import { callRoute } from './helpers/endpoint.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const admin = { id: 'admin-claims', role: 'admin' as const, name: 'Admin', email: 'admin@ejemplo.es', avatarUrl: null };
const maker = { id: 'maker', role: 'user' as const, name: 'Marta', email: 'marta@gmail.com', avatarUrl: null };
const rival = { id: 'rival', role: 'user' as const, name: 'Rita', email: 'rita@gmail.com', avatarUrl: null };
let toolId = '';
let categoryId = '';
let sent: MailMessage[] = [];
const send = async (message: MailMessage) => {
  sent.push(message);
};

const tokenOf = (message: MailMessage) => new URL(message.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;

async function verifiedMaker(user = maker): Promise<void> {
  await requestEmailClaim(user, toolId, `${user.id}@equipo.herramienta.es`, { pool, send });
  await verifyClaimToken(user, tokenOf(sent.at(-1)!), pool);
}

beforeEach(async () => {
  sent = [];
  await pool.query('TRUNCATE tool_claims, listing_proposals, rate_limit_buckets, audit_log, posts, categories, profiles CASCADE');
  await pool.query(
    `INSERT INTO profiles (id, name, email, role) VALUES ($1, 'Admin', 'admin@ejemplo.es', 'admin'), ($2, 'Marta', 'marta@gmail.com', 'user'), ($3, 'Rita', 'rita@gmail.com', 'user')`,
    [admin.id, maker.id, rival.id],
  );
  const category = await pool.query<{ id: string }>(`INSERT INTO categories (name, slug) VALUES ('Texto', 'texto') RETURNING id`);
  categoryId = category.rows[0]!.id;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO posts (title, slug, description, url, domain, status, published_date, category_id, content)
     VALUES ('Herramienta', 'herramienta', 'Una descripción antigua.', 'https://www.herramienta.es/', 'herramienta.es', 'published', now(), $1, '<p>Artículo.</p>')
     RETURNING id`,
    [categoryId],
  );
  toolId = rows[0]!.id;
  await pool.query('INSERT INTO post_categories (post_id, category_id, position) VALUES ($1, $2, 0)', [toolId, categoryId]);
});

describe('claim by e-mail at the tool’s domain', () => {
  it('sends a one-time link to an address at the domain and verifies it for the same signed-in account', async () => {
    const answer = await callRoute(emailClaimEndpoint, {
      path: `/api/claims/${toolId}/email`,
      params: { id: toolId },
      body: { email: 'marta@herramienta.es' },
      user: maker,
    });
    expect(answer.status).toBe(200);
    await requestEmailClaim(maker, toolId, 'marta@herramienta.es', { pool, send });
    expect(sent[0]!.to).toBe('marta@herramienta.es');
    const token = tokenOf(sent[0]!);
    const stored = await pool.query('SELECT token_hash FROM tool_claims');
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);
    await expect(verifyClaimToken(rival, token, pool)).rejects.toMatchObject({ kind: 'claim_token_invalid' });
    expect(await verifyClaimToken(maker, token, pool)).toEqual({ slug: 'herramienta', title: 'Herramienta' });
    await expect(verifyClaimToken(maker, token, pool)).rejects.toMatchObject({ kind: 'claim_token_invalid' });
    const page = await pool.query('SELECT page_changed_at IS NOT NULL AS stamped FROM posts WHERE id = $1', [toolId]);
    expect(page.rows[0].stamped).toBe(true);
    const audit = await pool.query('SELECT action, actor_id FROM audit_log ORDER BY created_at');
    expect(audit.rows.map((row) => row.action)).toEqual(['claim.request', 'claim.request', 'claim.verify']);
  });

  it('refuses an address at another domain, in Spanish, and sends nothing', async () => {
    for (const email of ['marta@gmail.com', 'marta@herramienta.es.evil.com', 'marta@otraherramienta.es']) {
      const answer = await callRoute(emailClaimEndpoint, { path: `/api/claims/${toolId}/email`, params: { id: toolId }, body: { email }, user: maker });
      expect(answer.status, email).toBe(422);
      expect(((await answer.json()) as { error: string }).error).toMatch(/^El correo debe ser una dirección del propio dominio/);
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM tool_claims')).rows[0].n).toBe(0);
  });

  it('refuses an expired token', async () => {
    await requestEmailClaim(maker, toolId, 'marta@herramienta.es', { pool, send });
    await pool.query(`UPDATE tool_claims SET expires_at = now() - interval '1 second'`);
    await expect(verifyClaimToken(maker, tokenOf(sent[0]!), pool)).rejects.toMatchObject({ kind: 'claim_token_invalid' });
  });

  it('keeps one verified maker per tool: a second claim is a Spanish 409, even with a link sent before', async () => {
    await requestEmailClaim(rival, toolId, 'rita@herramienta.es', { pool, send });
    const rivalToken = tokenOf(sent[0]!);
    await verifiedMaker();
    await expect(verifyClaimToken(rival, rivalToken, pool)).rejects.toMatchObject({ kind: 'claim_taken', status: 409 });
    const again = await callRoute(emailClaimEndpoint, {
      path: `/api/claims/${toolId}/email`,
      params: { id: toolId },
      body: { email: 'rita@herramienta.es' },
      user: rival,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/^Otra cuenta ya verificó/);
  });

  it('asks a guest to sign in', async () => {
    const answer = await callRoute(emailClaimEndpoint, { path: `/api/claims/${toolId}/email`, params: { id: toolId }, body: { email: 'a@herramienta.es' } });
    expect(answer.status).toBe(401);
  });
});

describe('proposals', () => {
  it('only the verified maker proposes; the admin approves through the edit path, which applies the fields and audits', async () => {
    const refused = await callRoute(proposalEndpoint, {
      path: `/api/claims/${toolId}/proposals`,
      params: { id: toolId },
      body: { title: 'Herramienta', description: 'Nueva.', url: 'https://www.herramienta.es/' },
      user: rival,
    });
    expect(refused.status).toBe(403);
    await verifiedMaker();
    const xss = 'Nueva descripción <script>alert(1)</script>';
    const answer = await callRoute(proposalEndpoint, {
      path: `/api/claims/${toolId}/proposals`,
      params: { id: toolId },
      body: { title: 'Herramienta', description: xss, url: 'https://www.herramienta.es/' },
      user: maker,
    });
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    const stored = await pool.query('SELECT changes, before FROM listing_proposals WHERE id = $1', [id]);
    expect(stored.rows[0]).toEqual({ changes: { description: xss }, before: { description: 'Una descripción antigua.' } });
    expect((await pool.query('SELECT description FROM posts WHERE id = $1', [toolId])).rows[0].description).toBe('Una descripción antigua.');

    expect(
      (await callRoute(proposalDecisionEndpoint, { path: `/api/admin/proposals/${id}`, params: { id }, body: { action: 'approve' }, user: maker })).status,
    ).toBe(403);
    expect((await callRoute(proposalDecisionEndpoint, { path: `/api/admin/proposals/${id}`, params: { id }, body: { action: 'approve' } })).status).toBe(401);
    const approved = await callRoute(proposalDecisionEndpoint, {
      path: `/api/admin/proposals/${id}`,
      params: { id },
      body: { action: 'approve' },
      user: admin,
    });
    expect(approved.status).toBe(204);
    expect((await pool.query('SELECT description FROM posts WHERE id = $1', [toolId])).rows[0].description).toBe(xss);
    const audit = await pool.query(`SELECT action FROM audit_log WHERE action IN ('post.edit', 'proposal.approve') ORDER BY created_at`);
    expect(audit.rows.map((row) => row.action)).toEqual(['post.edit', 'proposal.approve']);
    await expect(decideProposal(admin, id, 'reject', pool)).rejects.toMatchObject({ kind: 'proposal_not_found' });
  });

  it('refuses an empty proposal, and a rejected one changes nothing', async () => {
    await verifiedMaker();
    await expect(
      createProposal(maker, toolId, { title: 'Herramienta', description: 'Una descripción antigua.', url: 'https://www.herramienta.es/' }, pool),
    ).rejects.toMatchObject({ kind: 'proposal_empty' });
    const { id } = await createProposal(
      maker,
      toolId,
      { title: 'Otro nombre', description: 'Una descripción antigua.', url: 'https://www.herramienta.es/' },
      pool,
    );
    await decideProposal(admin, id, 'reject', pool);
    expect((await pool.query('SELECT title FROM posts WHERE id = $1', [toolId])).rows[0].title).toBe('Herramienta');
    expect((await pool.query('SELECT status FROM listing_proposals')).rows).toEqual([{ status: 'rejected' }]);
  });

  it('an admin revokes a claim: the maker can no longer propose; a plain user cannot revoke', async () => {
    await verifiedMaker();
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM tool_claims');
    const id = rows[0]!.id;
    expect((await callRoute(revokeClaimEndpoint, { path: `/api/admin/claims/${id}`, params: { id }, body: {}, user: maker })).status).toBe(403);
    expect((await callRoute(revokeClaimEndpoint, { path: `/api/admin/claims/${id}`, params: { id }, body: {}, user: admin })).status).toBe(204);
    await expect(
      createProposal(maker, toolId, { title: 'Otro', description: 'Una descripción antigua.', url: 'https://www.herramienta.es/' }, pool),
    ).rejects.toMatchObject({ kind: 'not_maker' });
    expect((await callRoute(revokeClaimEndpoint, { path: `/api/admin/claims/${id}`, params: { id }, body: {}, user: admin })).status).toBe(404);
  });
});
