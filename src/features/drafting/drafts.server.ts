/**
 * «Redactar con IA»: an admin asks the configured text model for a tool's article and facts, written from
 * the tool's own site; the draft waits in article_drafts beside the current text until the admin accepts it (then,
 * and only then, it is written to the tool, audited and stamped as checked by that admin) or discards it.
 */
import { getTextCompleter } from '../../server/ai/registry.ts';
import { AiProviderError, type TextCompleter } from '../../server/ai/types.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { serverEnv } from '../../server/env.ts';
import { htmlToText, sanitizeRichText } from '../../server/html/sanitize.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { toAppError } from '../../server/http/errors.ts';
import { ERROR_TABLE } from '../../lib/error-table.ts';
import { LIMITS } from '../../lib/tool-form.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';
import { z } from '../../lib/zod.ts';
import { mergeFacts, type DraftPanelData, type DraftView } from './draft-view.ts';
import { DRAFT_INSTRUCTIONS, DRAFT_LIMITS, draftUserText, parseDraftAnswer } from './prompt.ts';
import {
  claimQueuedDraft,
  closeDraft,
  completeQueuedDraft,
  failQueuedDraft,
  hasQueuedDraft,
  insertPendingDraft,
  latestOpenDraft,
  loadDraft,
  loadDraftSubject,
  profileName,
  queueDrafts,
  writeAcceptedDraft,
  type DraftRow,
  type DraftSubjectRow,
} from './queries.server.ts';
import { readToolSite, type SiteReaderOptions } from './site.server.ts';
import type { ToolFactsInput } from '../../lib/tool-facts.ts';

/** What a draft needs from outside: the text model and how to reach tool sites. Tests pass their fakes. */
export interface DraftDeps {
  completer: () => TextCompleter;
  site: () => SiteReaderOptions;
}

const defaultDeps: DraftDeps = {
  completer: () => getTextCompleter(),
  site: () => {
    const env = serverEnv();
    return { siteUrl: env.SITE_URL, allowHosts: env.SAFE_FETCH_ALLOW_HOSTS };
  },
};

/** A draft costs a model call and two page reads: enough for a working session, not for a runaway script. */
export const DRAFT_RATE_LIMITS = { name: 'drafts', user: { window: 600, max: 30 }, ip: { window: 600, max: 60 } };
/** Tools one batch may queue: a page of Publicados. */
export const MAX_BATCH = 50;

interface WrittenDraft {
  articleHtml: string;
  facts: ToolFactsInput;
  sourceUrl: string;
  model: string;
}

/** Reads the tool's site and asks the model; throws an AppError (Spanish message) when there is no usable draft. */
export async function writeDraft(subject: DraftSubjectRow, deps: DraftDeps, signal?: AbortSignal): Promise<WrittenDraft> {
  if (!subject.url) throw new AppError('draft_no_url');
  const site = await readToolSite(subject.url, deps.site(), signal);
  const completer = deps.completer();
  const answer = await completer.complete({
    instructions: DRAFT_INSTRUCTIONS,
    text: draftUserText({ title: subject.title, url: subject.url, description: subject.description, category: subject.category }, site.homepage, site.pricing),
    maxOutputTokens: DRAFT_LIMITS.maxOutputTokens,
    signal,
  });
  const parsed = parseDraftAnswer(answer);
  if (!parsed.ok) throw new AiProviderError('bad_response', `${completer.provider}: borrador no válido: ${parsed.reason}`);
  const articleHtml = sanitizeRichText(parsed.articleHtml);
  const textLength = htmlToText(articleHtml).length;
  if (textLength < DRAFT_LIMITS.articleMinText || articleHtml.length > DRAFT_LIMITS.articleMaxHtml) {
    throw new AiProviderError('bad_response', `${completer.provider}: artículo de ${textLength} caracteres de texto y ${articleHtml.length} de HTML`);
  }
  return { articleHtml, facts: parsed.facts, sourceUrl: site.homepage.url, model: `${completer.provider} · ${completer.model}` };
}

function toView(row: DraftRow, subject: DraftSubjectRow): DraftView {
  return {
    id: row.id,
    status: row.status as DraftView['status'],
    articleHtml: row.articleHtml,
    facts: row.facts ? mergeFacts(subject.facts, row.facts) : null,
    sourceUrl: row.sourceUrl,
    model: row.model,
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The editor's panel: the current article and facts, and the tool's open draft if it has one. */
export async function draftPanelData(toolId: string): Promise<DraftPanelData | null> {
  const subject = await loadDraftSubject(toolId);
  if (!subject) return null;
  const draft = await latestOpenDraft(toolId);
  // Stored sanitized; cleaned again here because the panel sets it as HTML.
  return { toolId, currentHtml: sanitizeRichText(subject.content), currentFacts: subject.facts, draft: draft ? toView(draft, subject) : null };
}

/** A new draft for one tool, written now; nothing is stored when the site or the model fails. */
export async function createDraft(toolId: string, actor: Pick<SessionUser, 'id' | 'name'>, deps: DraftDeps = defaultDeps, signal?: AbortSignal) {
  const subject = await loadDraftSubject(toolId);
  if (!subject) throw new AppError('post_not_found');
  if (await hasQueuedDraft(toolId)) throw new AppError('draft_in_progress');
  const written = await writeDraft(subject, deps, signal);
  const row = await inTransaction(async (client) => {
    const inserted = await insertPendingDraft({ toolId, ...written, createdBy: actor.id }, client);
    await recordDraftCreated(actor, subject, inserted, client);
    return inserted;
  });
  return toView(row, subject);
}

function recordDraftCreated(actor: Pick<SessionUser, 'id' | 'name'>, subject: DraftSubjectRow, row: DraftRow, db: Parameters<typeof recordAdminAction>[2]) {
  return recordAdminAction(
    actor,
    {
      action: 'draft.create',
      targetType: 'post',
      targetId: subject.id,
      summary: `Pidió un borrador con IA de «${subject.title}»`,
      after: { draftId: row.id, sourceUrl: row.sourceUrl, model: row.model },
    },
    db,
  );
}

/**
 * Writes the draft (with the admin's edits to its text) and its facts to the tool in one transaction: the page's
 * triggers stamp it for the on-demand render and move the content version, as any admin edit does.
 */
export async function acceptDraft(draftId: string, content: string, actor: Pick<SessionUser, 'id' | 'name'>) {
  const article = sanitizeRichText(content);
  if (htmlToText(article).length === 0) throw new AppError('invalid_input', { fields: { content: 'El borrador no puede quedar vacío.' } });
  const outcome = await inTransaction(async (client) => {
    const draft = await loadDraft(draftId, client, true);
    if (!draft || draft.status !== 'pending' || !draft.facts) throw new AppError('draft_not_found');
    const subject = await loadDraftSubject(draft.toolId, client, true);
    if (!subject) throw new AppError('draft_not_found');
    const facts = mergeFacts(subject.facts, draft.facts);
    await writeAcceptedDraft(subject.id, article, facts, actor.id, client);
    await closeDraft(draftId, 'accepted', actor.id, article, client);
    await recordAdminAction(
      actor,
      {
        action: 'draft.accept',
        targetType: 'post',
        targetId: subject.id,
        summary: `Aceptó el borrador con IA de «${subject.title}»`,
        before: { content: subject.content, facts: subject.facts },
        after: { content: article, facts, draftId },
      },
      client,
    );
    return subject;
  });
  if (outcome.status === 'published') await publishedContentChanged(`borrador aceptado de «${outcome.title}»`);
  return { toolId: outcome.id, path: `/${outcome.slug}` };
}

export async function discardDraft(draftId: string, actor: Pick<SessionUser, 'id' | 'name'>): Promise<void> {
  await inTransaction(async (client) => {
    const draft = await loadDraft(draftId, client, true);
    if (!draft || !(await closeDraft(draftId, 'discarded', actor.id, null, client))) throw new AppError('draft_not_found');
    const subject = await loadDraftSubject(draft.toolId, client);
    await recordAdminAction(
      actor,
      {
        action: 'draft.discard',
        targetType: 'post',
        targetId: draft.toolId,
        summary: `Descartó el borrador con IA de «${subject?.title ?? draft.toolId}»`,
        before: { draftId, status: draft.status },
      },
      client,
    );
  });
}

let queueRun: Promise<void> | null = null;

/**
 * Works through the queued drafts one at a time (the model call is the slow part; one at a time keeps the provider's
 * rate limits and this server's two cores free for visitors). The queue lives in PostgreSQL, so any server may work
 * it; within one process a second call joins the running loop instead of starting another.
 */
export function runDraftQueue(deps: DraftDeps = defaultDeps): Promise<void> {
  queueRun ??= (async () => {
    try {
      for (let row = await claimQueuedDraft(); row; row = await claimQueuedDraft()) await workQueuedDraft(row, deps);
    } finally {
      queueRun = null;
    }
  })();
  return queueRun;
}

async function workQueuedDraft(row: DraftRow, deps: DraftDeps): Promise<void> {
  try {
    const subject = await loadDraftSubject(row.toolId);
    if (!subject) return;
    const written = await writeDraft(subject, deps);
    await inTransaction(async (client) => {
      await completeQueuedDraft(row.id, row.toolId, written, client);
      // The admin who queued it is the one who asked (an account deleted since leaves no one to name).
      const name = row.createdBy ? await profileName(row.createdBy, client) : undefined;
      if (row.createdBy && name !== undefined) {
        await recordDraftCreated({ id: row.createdBy, name }, subject, { ...row, sourceUrl: written.sourceUrl, model: written.model }, client);
      }
    });
  } catch (error) {
    // The reason as the admin reads it in Publicados; the detail went to the log with toAppError.
    const message = error instanceof AppError || error instanceof AiProviderError ? toAppError(error, 'borradores').message : ERROR_TABLE.internal.message;
    if (!(error instanceof AppError || error instanceof AiProviderError)) console.error('[borradores] error inesperado:', error);
    await failQueuedDraft(row.id, message).catch((failure: unknown) => console.error('[borradores] no se pudo anotar el fallo:', failure));
  }
}

const draftIdParams = z.object({ id: z.uuid({ error: 'Borrador no válido.' }) });

/** The endpoints of «Redactar con IA», admin only; `deps` lets tests use the fake provider and fake sites. */
export function draftEndpoints(deps: DraftDeps = defaultDeps) {
  return {
    /** POST /api/admin/drafts {toolId}: writes a draft now and answers it. */
    create: endpoint({
      access: 'draft:post:any',
      body: { json: z.strictObject({ toolId: z.uuid({ error: 'Herramienta no válida.' }) }) },
      limits: DRAFT_RATE_LIMITS,
      handle: async ({ body, user, request }) => ({ draft: await createDraft(body.toolId, user, deps, request.signal) }),
    }),
    /** POST /api/admin/drafts/batch {ids}: queues drafts for the chosen tools and starts working the queue. */
    batch: endpoint({
      access: 'draft:post:any',
      body: {
        json: z.object({
          ids: z
            .array(z.uuid())
            .min(1, { error: 'Selecciona al menos una herramienta.' })
            .max(MAX_BATCH, { error: `Como mucho ${MAX_BATCH} herramientas a la vez.` }),
        }),
      },
      limits: DRAFT_RATE_LIMITS,
      handle: async ({ body, user }) => {
        const { queued } = await queueDrafts(body.ids, user.id);
        // The answer does not wait for the drafts: Publicados shows each one's state as it changes.
        void runDraftQueue(deps).catch((error: unknown) => console.error('[borradores] la cola se detuvo:', error));
        return { queued: queued.length, skipped: body.ids.length - queued.length };
      },
    }),
    /** POST /api/admin/drafts/{id}/accept {content}: the admin's final text, written to the tool with the facts. */
    accept: endpoint({
      access: 'draft:post:any',
      params: draftIdParams,
      body: { json: z.strictObject({ content: z.string().max(LIMITS.content) }), maxBytes: LIMITS.content * 4 + 1024 },
      limits: DRAFT_RATE_LIMITS,
      handle: async ({ params, body, user }) => await acceptDraft(params.id, body.content, user),
    }),
    /** POST /api/admin/drafts/{id}/discard */
    discard: endpoint({
      access: 'draft:post:any',
      params: draftIdParams,
      limits: DRAFT_RATE_LIMITS,
      handle: async ({ params, user }) => {
        await discardDraft(params.id, user);
        return { id: params.id, status: 'discarded' };
      },
    }),
  };
}
