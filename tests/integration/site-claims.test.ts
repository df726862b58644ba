/**
 * «¿Es tu herramienta?» by a meta tag or a file on the tool's site, on a real PostgreSQL against the
 * fake website fixture through the real safe-fetch: the code is tied to the user and the tool and stays the same
 * while valid; «Comprobar» verifies on the user's own code (meta tag or file), refuses someone else's, a missing
 * one and an unreachable or private site in Spanish; the code never works as an e-mail link.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyClaimToken } from '../../src/features/claims/claims.server.ts';
import { checkSiteClaim, metaCodes, siteClaimCodeFor, siteClaimEndpoint } from '../../src/features/claims/site-claim.server.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { closeDb } from '../../src/server/db/client.ts';
import { SITES, startFakeWebsite, type FakeWebsite } from '../fixtures/fake-website.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
let site: FakeWebsite;
beforeAll(async () => {
  site = await startFakeWebsite();
});
afterAll(async () => {
  await site.close();
  await closeDb();
});

const marta = { id: 'marta-web', name: 'Marta', role: 'user' as const };
const rita = { id: 'rita-web', name: 'Rita', role: 'user' as const };
await pool.query(`INSERT INTO profiles (id, name, email, email_verified) VALUES ($1, 'Marta', 'marta@web.es', true), ($2, 'Rita', 'rita@web.es', true)`, [
  marta.id,
  rita.id,
]);

/**
 * A tool of the test's own on one of the fake website's hosts, which starts serving no code: the codes a host
 * serves are the one piece of the fake site that tests share.
 */
async function tool(name: string, host: string): Promise<{ toolId: string; slug: string }> {
  site.serveClaimCode(host, 'meta', null);
  site.serveClaimCode(host, 'file', null);
  const slug = `${name}-${randomUUID().slice(0, 8)}`;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO posts (title, slug, description, url, domain, status) VALUES ($1, $1, 'Una herramienta.', $2, $3, 'published') RETURNING id`,
    [slug, `http://${host}:${site.port}/`, host],
  );
  return { toolId: rows[0]!.id, slug };
}

const fetchOptions = () => ({ resolve: site.resolve, allowHosts: site.allowHosts() });
const check = (who: typeof marta, toolId: string) => checkSiteClaim(who, toolId, { pool, fetch: fetchOptions() });
const makerOf = async (toolId: string) =>
  (await pool.query<{ user_id: string }>(`SELECT user_id FROM tool_claims WHERE post_id = $1 AND status = 'verified'`, [toolId])).rows[0]?.user_id ?? null;

describe('claim by a meta tag or a file on the tool’s site', () => {
  it('reads the meta tag whatever its attribute order and quoting', () => {
    expect(
      metaCodes(`<meta name="brujula-ia-verificacion" content="a1"><META CONTENT='b2' NAME='Brujula-IA-Verificacion'><meta name=otro content=c3>`),
    ).toEqual(['a1', 'b2']);
  });

  it('gives each user a code of their own for the tool, the same on every visit, requested once in the audit log', async () => {
    const { toolId } = await tool('reclamable', SITES.claimable);
    const first = await siteClaimCodeFor(marta, toolId, pool);
    expect(first.code).toMatch(/^brujula-ia-[0-9a-f-]{36}$/);
    expect((await siteClaimCodeFor(marta, toolId, pool)).code).toBe(first.code);
    expect((await siteClaimCodeFor(rita, toolId, pool)).code).not.toBe(first.code);
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    const { rows } = await pool.query(`SELECT actor_id FROM audit_log WHERE action = 'claim.request' AND target_id = $1 ORDER BY id`, [toolId]);
    expect(rows.map((row) => row.actor_id)).toEqual([marta.id, rita.id]);
  });

  it('refuses a site without the code, and one that carries someone else’s, in Spanish; nothing verified', async () => {
    const { toolId } = await tool('reclamable', SITES.claimable);
    await siteClaimCodeFor(marta, toolId, pool);
    await expect(check(marta, toolId)).rejects.toMatchObject({ kind: 'claim_site_code_missing', status: 422 });
    site.serveClaimCode(SITES.claimable, 'meta', (await siteClaimCodeFor(rita, toolId, pool)).code);
    await expect(check(marta, toolId)).rejects.toMatchObject({ kind: 'claim_site_code_mismatch', message: ERROR_TABLE.claim_site_code_mismatch.message });
    expect(await makerOf(toolId)).toBeNull();
  });

  it('verifies the user whose code is in the meta tag, audited; then the tool has its one maker', async () => {
    const { toolId, slug } = await tool('reclamable', SITES.claimable);
    // Rita asks for a code too: hers stays pending.
    await siteClaimCodeFor(rita, toolId, pool);
    const { code } = await siteClaimCodeFor(marta, toolId, pool);
    site.serveClaimCode(SITES.claimable, 'meta', code);
    expect(await check(marta, toolId)).toEqual({ slug });
    expect(await makerOf(toolId)).toBe(marta.id);
    await expect(check(marta, toolId)).rejects.toMatchObject({ kind: 'claim_already_yours' });
    // Rita's pending code cannot take it over, even once it is on the site.
    site.serveClaimCode(SITES.claimable, 'meta', `${code}`);
    await expect(check(rita, toolId)).rejects.toMatchObject({ kind: 'claim_taken', status: 409 });
    const { rows } = await pool.query(`SELECT actor_id FROM audit_log WHERE action = 'claim.verify' AND target_id = $1`, [toolId]);
    expect(rows).toEqual([{ actor_id: marta.id }]);
  });

  it('verifies by /.well-known/brujula-ia.txt too', async () => {
    const { toolId } = await tool('con-archivo', SITES.withoutOg);
    const { code } = await siteClaimCodeFor(rita, toolId, pool);
    site.serveClaimCode(SITES.withoutOg, 'file', 'otro-codigo');
    await expect(check(rita, toolId)).rejects.toMatchObject({ kind: 'claim_site_code_mismatch' });
    site.serveClaimCode(SITES.withoutOg, 'file', code);
    await check(rita, toolId);
    expect(await makerOf(toolId)).toBe(rita.id);
  });

  it('refuses a site on a private address as unreachable, without connecting to it', async () => {
    const { toolId } = await tool('privada', SITES.privateAddress);
    await siteClaimCodeFor(marta, toolId, pool);
    const before = site.requests.filter((request) => request.host === SITES.privateAddress).length;
    await expect(check(marta, toolId)).rejects.toMatchObject({ kind: 'claim_site_unreachable', message: ERROR_TABLE.claim_site_unreachable.message });
    expect(site.requests.filter((request) => request.host === SITES.privateAddress).length).toBe(before);
  });

  it('refuses an expired code, a code used as an e-mail link, and a guest', async () => {
    const { toolId } = await tool('privada', SITES.privateAddress);
    const { code } = await siteClaimCodeFor(marta, toolId, pool);
    await expect(verifyClaimToken(marta, code, pool)).rejects.toMatchObject({ kind: 'claim_token_invalid' });
    await pool.query(`UPDATE tool_claims SET expires_at = now() - interval '1 minute' WHERE post_id = $1`, [toolId]);
    await expect(check(marta, toolId)).rejects.toMatchObject({ kind: 'claim_site_no_code', status: 409 });
    const guest = await callRoute(siteClaimEndpoint, { method: 'POST', path: `/api/claims/${toolId}/site`, user: null, params: { id: toolId } });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ error: 'Inicia sesión para reclamar una herramienta.' });
    expect(await makerOf(toolId)).toBeNull();
  });
});
