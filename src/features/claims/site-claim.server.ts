/**
 * «¿Es tu herramienta?» by the tool's own site: the signed-in user gets a code tied to them and the
 * tool (a pending 'site' claim; the code is `brujula-ia-` and the claim's random id, only its SHA-256 in
 * token_hash, valid SITE_CLAIM_DAYS days), puts it in a meta tag on the tool's home page or in
 * /.well-known/brujula-ia.txt, and «Comprobar» reads both through safe-fetch (private addresses refused, size and
 * time limits). The code is not a secret: it ends up public on the site, and it only ever verifies its own claim.
 * A match verifies the claim by the same path as the e-mail link (one maker per tool, audited).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { serverEnv } from '../../server/env.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { fetchPageSafely, safeFetch, SafeFetchError, type SafeFetchOptions } from '../../server/net/safe-fetch.ts';
import { idParams } from './claim-input.ts';
import { insertSiteClaim, lockPendingClaim, pendingSiteClaims } from './claims-queries.server.ts';
import { assertClaimable, hashToken, isUniqueViolation, markVerified, toolById, type Actor } from './claims.server.ts';
import { SITE_CLAIM_DAYS, SITE_CLAIM_FILE, SITE_CLAIM_META } from './claims.ts';

/** A home page's head is at its start; the file holds one short line. */
const PAGE_FETCH = { maxBytes: 512 * 1024, timeoutMs: 10_000 };
const FILE_FETCH = { maxBytes: 4 * 1024, timeoutMs: 10_000 };

export const siteClaimCode = (claimId: string) => `brujula-ia-${claimId}`;

/** The user's code for this tool: the pending one still valid, or a new one (audited as a claim request). */
export async function siteClaimCodeFor(actor: Actor, toolId: string, pool: pg.Pool = getPool()): Promise<{ code: string; expiresAt: Date }> {
  return inTransaction(async (client) => {
    const tool = await toolById(toolId, client);
    assertClaimable(tool, actor);
    const [current] = await pendingSiteClaims(toolId, actor.id, client);
    if (current) return { code: siteClaimCode(current.id), expiresAt: current.expiresAt };
    const id = randomUUID();
    const expiresAt = await insertSiteClaim({ id, toolId, userId: actor.id, tokenHash: hashToken(siteClaimCode(id)), days: SITE_CLAIM_DAYS }, client);
    await recordAdminAction(
      actor,
      {
        action: 'claim.request',
        targetType: 'post',
        targetId: toolId,
        summary: `Pidió un código para verificar «${tool.title}» desde su web`,
        after: { method: 'site' },
      },
      client,
    );
    return { code: siteClaimCode(id), expiresAt };
  }, pool);
}

/** The content of every `<meta name="brujula-ia-verificacion" content="…">` in a page, whatever the attribute order. */
export function metaCodes(html: string): string[] {
  const codes: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
    const name = attribute('name');
    if ((name?.[1] ?? name?.[2] ?? name?.[3])?.toLowerCase() !== SITE_CLAIM_META) continue;
    const content = attribute('content');
    const value = (content?.[1] ?? content?.[2] ?? content?.[3] ?? '').trim();
    if (value) codes.push(value);
  }
  return codes;
}

interface SiteCodes {
  /** Whether the home page or the file answered at all. */
  reached: boolean;
  codes: string[];
}

/** Reads the codes on the tool's site: the home page's meta tags and the well-known file of the same origin. */
export async function readSiteCodes(toolUrl: string, options: SafeFetchOptions): Promise<SiteCodes> {
  const file = new URL(SITE_CLAIM_FILE, toolUrl).href;
  const [page, text] = await Promise.allSettled([
    fetchPageSafely(toolUrl, { ...PAGE_FETCH, ...options }),
    safeFetch(file, {
      ...FILE_FETCH,
      ...options,
      accept: 'text/plain',
      inspect: ({ status }) => {
        if (status !== 200) throw new SafeFetchError('http_status', `HTTP ${status}`);
      },
    }),
  ]);
  const codes: string[] = [];
  if (page.status === 'fulfilled') codes.push(...metaCodes(page.value.html));
  if (text.status === 'fulfilled') {
    codes.push(
      ...new TextDecoder()
        .decode(text.value.body)
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    );
  }
  const reachedPage = page.status === 'fulfilled';
  // A 404 for the file still means the site answered.
  const reachedFile = text.status === 'fulfilled' || (text.reason instanceof SafeFetchError && text.reason.reason === 'http_status');
  return { reached: reachedPage || reachedFile, codes };
}

/**
 * «Comprobar»: reads the tool's site and, when it carries one of the user's valid codes for this tool, makes them
 * its verified maker. Refusals, in Spanish: the site could not be reached, no code was found, or the code found is
 * not theirs.
 */
export async function checkSiteClaim(actor: Actor, toolId: string, options: { pool?: pg.Pool; fetch?: SafeFetchOptions } = {}): Promise<{ slug: string }> {
  const pool = options.pool ?? getPool();
  const tool = await toolById(toolId, pool);
  assertClaimable(tool, actor);
  if (!tool.url) throw new AppError('claim_no_domain');
  const pending = await pendingSiteClaims(toolId, actor.id, pool);
  if (pending.length === 0) throw new AppError('claim_site_no_code');
  const found = await readSiteCodes(tool.url, options.fetch ?? { allowHosts: serverEnv().SAFE_FETCH_ALLOW_HOSTS });
  if (!found.reached) throw new AppError('claim_site_unreachable');
  if (found.codes.length === 0) throw new AppError('claim_site_code_missing');
  const claim = pending.find((row) => found.codes.includes(siteClaimCode(row.id)));
  if (!claim) throw new AppError('claim_site_code_mismatch');
  try {
    await inTransaction(async (client) => {
      if (!(await lockPendingClaim(claim.id, client))) throw new AppError('claim_site_no_code');
      const current = await toolById(toolId, client);
      assertClaimable(current, actor);
      await markVerified(actor, current, claim.id, client);
    }, pool);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('claim_taken');
    throw error;
  }
  return { slug: tool.slug };
}

/** POST /api/claims/{toolId}/site: «Comprobar» the meta tag or the file. */
export const siteClaimEndpoint = endpoint({
  access: { need: 'claim:post:own', signedOut: 'Inicia sesión para reclamar una herramienta.' },
  params: idParams,
  // Each check fetches two addresses from the tool's site: a few tries an hour are plenty.
  limits: { name: 'claims-site', user: { window: 3600, max: 20 }, ip: { window: 3600, max: 60 } },
  handle: async ({ user, params }) => checkSiteClaim(user, params.id),
});
