/**
 * POST /api/ai/stories: the story streams to the browser as the model writes it. Failures before the first
 * chunk are a JSON error with a status; after it, the stream ends with a trailer carrying the Spanish
 * message (story.ts). The guard's slot is freed exactly once, however the stream ends.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { DESCRIPTION_LANGUAGES, STORY_AUDIENCES, STORY_GENRES, STORY_LENGTHS, STORY_PROMPT_MAX } from '../../lib/ai-options.ts';
import { STORY_TRAILER_MARK, storyTitle, storyTrailer, type SavedStory, type StoryTrailer } from './story.ts';
import { visitorSessionId } from '../visitor/visitor.ts';
import { insertStory, listRecentStories } from './queries.server.ts';
import { json, jsonError, NOT_SIGNED_IN_MESSAGE, readJsonBody } from '../../server/http/endpoint.ts';
import { guardGeneration } from '../../server/ai/guard.ts';
import { getStoryWriter } from '../../server/ai/registry.ts';
import { AI_ERROR_MESSAGES, AiProviderError, type AiErrorKind, type StoryWriter } from '../../server/ai/types.ts';

const values = <T extends readonly { value: string }[]>(options: T) => options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]];

export const STORY_PROMPT_REQUIRED_MESSAGE = 'Escribe una idea para tu historia.';
export const STORY_PROMPT_TOO_LONG_MESSAGE = `La idea no puede superar los ${STORY_PROMPT_MAX} caracteres.`;
const CHOICE_MESSAGE = 'Elige una opción de la lista.';

export const storyBody = z.object({
  prompt: z
    .string({ error: STORY_PROMPT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: STORY_PROMPT_REQUIRED_MESSAGE })
    .max(STORY_PROMPT_MAX, { error: STORY_PROMPT_TOO_LONG_MESSAGE }),
  genre: z.enum(values(STORY_GENRES), { error: CHOICE_MESSAGE }),
  audience: z.enum(values(STORY_AUDIENCES), { error: CHOICE_MESSAGE }),
  length: z.enum(values(STORY_LENGTHS), { error: CHOICE_MESSAGE }),
  language: z.enum(values(DESCRIPTION_LANGUAGES), { error: CHOICE_MESSAGE }),
  anonymousSessionId: visitorSessionId.optional(),
});

/** The status of a failure before any text: the provider's trouble is a bad gateway, ours to explain. */
const STATUS_BY_KIND: Record<AiErrorKind, number> = {
  unauthorized: 502,
  rate_limited: 503,
  content_refused: 422,
  timeout: 504,
  unreachable: 502,
  bad_response: 502,
};

function visitorMessage(error: unknown, provider: string): { status: number; message: string } {
  if (error instanceof AiProviderError) {
    console.error(`[ia] historia con ${provider}: ${error.kind}: ${error.message}`);
    return { status: STATUS_BY_KIND[error.kind], message: error.visitorMessage };
  }
  console.error(`[ia] historia con ${provider}:`, error);
  return { status: 502, message: AI_ERROR_MESSAGES.bad_response };
}

type Context = Pick<APIContext, 'request' | 'clientAddress' | 'locals'>;

export async function postStory(context: Context, writer: StoryWriter = getStoryWriter()): Promise<Response> {
  const body = await readJsonBody(context.request, storyBody);
  if (!body.ok) return body.response;
  const guard = await guardGeneration(context, 'stories', body.data.anonymousSessionId);
  if (!guard.ok) return guard.response;
  const { prompt, genre, audience, length, language } = body.data;
  const request = { prompt, genre, audience, length, language };
  const userId = context.locals.user?.id ?? null;
  const callerSignal = context.request.signal;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await guard.release();
  };

  let iterator: AsyncIterator<string>;
  let first: IteratorResult<string>;
  try {
    iterator = writer.write({ ...request, signal: callerSignal })[Symbol.asyncIterator]();
    first = await iterator.next();
  } catch (error) {
    await release();
    if (callerSignal.aborted) return new Response(null, { status: 499 });
    const { status, message } = visitorMessage(error, writer.provider);
    return jsonError(status, message);
  }

  const encoder = new TextEncoder();
  let pending: string | null = first.done ? null : first.value;
  let story = '';
  // Set when the visitor goes away: a pull still waiting on the provider must not write to the closed stream.
  let cancelled = false;

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const send = (text: string) => {
        if (!cancelled) controller.enqueue(encoder.encode(text));
      };
      const end = (trailer: StoryTrailer | null) => {
        if (cancelled) return;
        if (trailer) send(storyTrailer(trailer));
        controller.close();
      };
      try {
        const next = pending !== null ? { done: false as const, value: pending } : await iterator.next();
        pending = null;
        if (!next.done) {
          const clean = next.value.replaceAll(STORY_TRAILER_MARK, '');
          story += clean;
          send(clean);
          return;
        }
        let saved: SavedStory | null = null;
        if (userId && !cancelled) {
          const content = story.trim();
          const options = { genre: request.genre, audience: request.audience, length: request.length, language: request.language };
          saved = await insertStory({ userId, title: storyTitle(content, request.prompt), prompt: request.prompt, content, options }).catch(
            (error: unknown) => {
              console.error('[ia] no se pudo guardar la historia:', error);
              return null;
            },
          );
        }
        // The slot is freed before the visitor learns the story ended, so an immediate next story is never refused.
        await release();
        end({ ok: true, story: saved });
      } catch (error) {
        await release();
        if (cancelled || callerSignal.aborted) end(null);
        else end({ ok: false, error: visitorMessage(error, writer.provider).message });
      }
    },
    async cancel() {
      cancelled = true;
      // The aborted request signal already stops the provider call; a generator that is still running
      // finishes its return() only after that, so the slot is freed without waiting for it.
      void iterator.return?.().catch(() => undefined);
      await release();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      // Proxies such as nginx would otherwise hold the text back until the story ends.
      'x-accel-buffering': 'no',
    },
  });
}

export async function getStories(context: Pick<APIContext, 'locals'>): Promise<Response> {
  const user = context.locals.user;
  if (!user) return jsonError(401, NOT_SIGNED_IN_MESSAGE);
  return json({ stories: await listRecentStories(user.id) });
}
