/** POST /api/ai/stories on a real database: streaming, the trailer, saving, and the slot freed however it ends. */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readStoryStream } from '../../src/features/stories/story.ts';
import { getPool } from '../../src/server/db/client.ts';
import { listRecentStories } from '../../src/features/stories/queries.server.ts';
import { storyEndpoint } from '../../src/features/stories/stories.server.ts';
import { AiProviderError, type StoryRequest, type StoryWriter } from '../../src/server/ai/types.ts';
import { useMigratedDatabase } from './helpers/db.ts';

process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => getPool().end());

const USER = { id: 'escritora', name: 'Ana', email: 'ana@example.com' };
let sequence = 0;

/** A writer that yields the given chunks, then fails if asked to; it records what it was asked and whether it was closed. */
function writer(chunks: string[], failure?: AiProviderError, gate?: Promise<void>) {
  const seen: { request?: StoryRequest; closed: boolean } = { closed: false };
  const fake: StoryWriter = {
    provider: 'Prueba',
    model: 'prueba',
    async *write(request) {
      seen.request = request;
      try {
        for (const [index, chunk] of chunks.entries()) {
          if (index === 1 && gate) await gate;
          yield chunk;
        }
        if (failure) throw failure;
      } finally {
        seen.closed = true;
      }
    },
  };
  return { fake, seen };
}

function context(body: unknown, options: { user?: boolean; origin?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.origin) headers.origin = options.origin;
  const url = new URL('http://localhost:4321/api/ai/stories');
  const request = new Request(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { request, url, params: {}, clientAddress: '10.0.0.1', locals: { user: options.user ? USER : null } } as unknown as APIContext;
}

const toolStory = (ctx: APIContext, writer: StoryWriter) => storyEndpoint(() => writer)(ctx) as Promise<Response>;

const body = (prompt: string) => ({
  prompt,
  genre: 'fabula',
  audience: 'children',
  length: 'short',
  language: 'es',
  anonymousSessionId: `session_1795000000000_prueba${String(sequence++).padStart(2, '0')}`,
});

beforeAll(async () => {
  const pool = await useMigratedDatabase();
  await pool.query('INSERT INTO profiles (id, name, email) VALUES ($1, $2, $3)', [USER.id, USER.name, USER.email]);
});

describe('POST /api/ai/stories', () => {
  it('streams the chunks, ends with the trailer and saves a signed-in user’s story with its title', async () => {
    const { fake, seen } = writer(['El zorro\n\n', 'Había una vez ', 'un zorro.']);
    const response = await toolStory(context({ ...body('  un zorro sabio  '), anonymousSessionId: undefined }, { user: true }), fake);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const { text, trailer } = readStoryStream(await response.text());
    expect(text).toBe('El zorro\n\nHabía una vez un zorro.');
    expect(seen.request).toMatchObject({ prompt: 'un zorro sabio', genre: 'fabula', audience: 'children', length: 'short', language: 'es' });
    expect(trailer).toMatchObject({
      ok: true,
      story: { title: 'El zorro', prompt: 'un zorro sabio', options: { genre: 'fabula', audience: 'children', length: 'short', language: 'es' } },
    });
    expect((await listRecentStories(USER.id))[0]).toMatchObject({ title: 'El zorro', content: 'El zorro\n\nHabía una vez un zorro.' });
  });

  it('lists five stories, newest first', async () => {
    for (const name of ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis']) {
      const response = await toolStory(context(body(name), { user: true }), writer([`${name}\n\n`, 'texto']).fake);
      await response.text();
    }
    expect((await listRecentStories(USER.id)).map((story) => story.title)).toEqual(['seis', 'cinco', 'cuatro', 'tres', 'dos']);
  });

  it('saves nothing for guests', async () => {
    const response = await toolStory(context(body('un río')), writer(['Río\n\n', 'Agua.']).fake);
    expect(readStoryStream(await response.text()).trailer).toEqual({ ok: true, story: null });
  });

  it('answers a failure before any text with a status and the Spanish message, and frees the slot', async () => {
    const request = body('un faro');
    const refused = writer([], new AiProviderError('content_refused', 'bloqueado')).fake;
    const response = await toolStory(context(request), refused);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: 'El servicio de IA rechazó la solicitud por su política de contenido. Prueba con otra descripción.' });
    expect((await toolStory(context(request), writer(['Otra\n\n', 'vez']).fake)).status).toBe(200);
  });

  it('ends a stream that fails midway with the error in the trailer and saves nothing', async () => {
    const before = (await listRecentStories(USER.id)).length;
    const response = await toolStory(context(body('un tren'), { user: true }), writer(['Tren\n\n', 'Empieza'], new AiProviderError('timeout', 'callado')).fake);
    const { text, trailer } = readStoryStream(await response.text());
    expect(text).toBe('Tren\n\nEmpieza');
    expect(trailer).toEqual({ ok: false, error: 'El servicio de IA tardó demasiado en responder. Inténtalo de nuevo.' });
    expect((await listRecentStories(USER.id)).length).toBe(before);
    expect((await listRecentStories(USER.id))[0]?.title).not.toBe('Tren');
  });

  it('frees the slot and closes the writer when the visitor goes away mid-story', async () => {
    const request = body('una nube');
    let open!: () => void;
    const { fake, seen } = writer(['Nube\n\n', 'resto'], undefined, new Promise<void>((resolve) => (open = resolve)));
    const response = await toolStory(context(request), fake);
    const reader = response.body!.getReader();
    await reader.read();
    // Another generation by the same visitor waits for this one.
    expect((await toolStory(context(request), writer(['x']).fake)).status).toBe(409);
    await reader.cancel();
    open();
    await expect.poll(() => seen.closed).toBe(true);
    expect((await toolStory(context(request), writer(['Otra\n\n', 'vez']).fake)).status).toBe(200);
  });

  it('refuses an empty idea and other sites', async () => {
    const empty = await toolStory(context(body('   ')), writer(['x']).fake);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'Escribe una idea para tu historia.' });
    const long = await toolStory(context(body('a'.repeat(1001))), writer(['x']).fake);
    expect(await long.json()).toMatchObject({ error: 'La idea no puede superar los 1000 caracteres.' });
    const crossSite = await toolStory(context(body('un gato'), { origin: 'https://otro.example' }), writer(['x']).fake);
    expect(crossSite.status).toBe(403);
  });
});
