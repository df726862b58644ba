/**
 * POST /api/ai/stories: the story streams to the browser as the model writes it. Failures before the first
 * chunk are a JSON error with a status; after it, the stream ends with a trailer carrying the Spanish
 * message (story.ts). The guard's slot is freed exactly once, however the stream ends.
 */
import {
  DESCRIPTION_LANGUAGES,
  STORY_AUDIENCES,
  STORY_GENRES,
  STORY_LENGTHS,
  STORY_PROMPT_MAX,
  type DescriptionLanguage,
  type StoryAudience,
  type StoryGenre,
  type StoryLength,
} from '../../lib/ai-options.ts';
import { ERROR_TABLE } from '../../lib/error-table.ts';
import { z } from '../../lib/zod.ts';
import { acquireGeneration } from '../../server/ai/guard.ts';
import { getStoryWriter } from '../../server/ai/registry.ts';
import { AiProviderError, type StoryWriter } from '../../server/ai/types.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { visitorSessionId } from '../../lib/visitor/visitor.ts';
import { insertStory, listRecentStories } from './queries.server.ts';
import { STORY_TRAILER_MARK, storyTitle, storyTrailer, type SavedStory, type StoryTrailer } from './story.ts';

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

/** The Spanish text of a failure once the story has started: the trailer carries it, the log the detail. */
function visitorMessage(error: unknown, provider: string): string {
  if (error instanceof AiProviderError) {
    console.error(`[ia] historia con ${provider}: ${error.kind}: ${error.message}`);
    return error.visitorMessage;
  }
  console.error(`[ia] historia con ${provider}:`, error);
  return ERROR_TABLE.ai_bad_response.message;
}

/** POST /api/ai/stories. `writer` is injectable for tests; the site uses the configured provider. */
export function storyEndpoint(writer: () => StoryWriter = getStoryWriter) {
  return endpoint({
    body: { json: storyBody },
    handle: async ({ body, user, ip, request: httpRequest }) => {
      const slot = await acquireGeneration('stories', { userId: user?.id, anonymousSessionId: body.anonymousSessionId, ip });
      const { prompt, genre, audience, length, language } = body;
      return streamStory({
        writer: writer(),
        request: { prompt, genre, audience, length, language },
        userId: user?.id ?? null,
        callerSignal: httpRequest.signal,
        slot,
      });
    },
  });
}

interface StoryJob {
  writer: StoryWriter;
  request: { prompt: string; genre: StoryGenre; audience: StoryAudience; length: StoryLength; language: DescriptionLanguage };
  userId: string | null;
  callerSignal: AbortSignal;
  slot: () => Promise<void>;
}

async function streamStory({ writer, request, userId, callerSignal, slot }: StoryJob): Promise<Response> {
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await slot();
  };

  let iterator: AsyncIterator<string>;
  let first: IteratorResult<string>;
  try {
    iterator = writer.write({ ...request, signal: callerSignal })[Symbol.asyncIterator]();
    first = await iterator.next();
  } catch (error) {
    await release();
    if (callerSignal.aborted) return new Response(null, { status: 499 });
    // Before any text the failure is a plain HTTP error: the endpoint wrapper answers it from the error table.
    throw error;
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
        else end({ ok: false, error: visitorMessage(error, writer.provider) });
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

/** GET /api/ai/stories: the signed-in user's five latest stories. */
export const recentStoriesEndpoint = endpoint({
  access: 'user',
  handle: async ({ user }) => ({ stories: await listRecentStories(user.id) }),
});
