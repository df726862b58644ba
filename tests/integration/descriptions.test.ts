/** The description endpoint and its ownership rules against a real database, with an in-process describer. */
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { AiProviderError, type DescriptionRequest, type ImageDescriber } from '../../src/server/ai/types.ts';
import {
  deleteOwnDescription,
  insertDescription,
  listSavedDescriptions,
  setDescriptionSaved,
  UPLOADED_IMAGE_MARKER,
} from '../../src/features/descriptions/queries.server.ts';
import type { APIContext } from 'astro';
import { describeImageEndpoint, type DescriptionDeps } from '../../src/features/descriptions/generate.server.ts';
import { deleteDescriptionEndpoint, saveDescriptionEndpoint } from '../../src/features/descriptions/manage.server.ts';
import { callRoute } from './helpers/endpoint.ts';
import type { DescriptionEvent } from '../../src/features/descriptions/descriptions.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
// The endpoints reach the database and the site's origin through the process environment, as in production.
process.env.DATABASE_URL = inject('databaseUrl');
const SITE = 'http://localhost:4321';

await pool.query(`INSERT INTO profiles (id, name, email) VALUES ('ana', 'Ana', 'ana@ejemplo.es'), ('luis', 'Luis', 'luis@ejemplo.es')`);
const user = (id: string) => ({ id, name: id, email: `${id}@ejemplo.es`, role: 'user' as const, avatarUrl: null });

const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } })
  .png()
  .toBuffer();

function describer(chunks: string[] | Error, seen: DescriptionRequest[] = []): () => ImageDescriber {
  return () => ({
    provider: 'prueba',
    model: 'prueba',
    async *describe(request) {
      seen.push(request);
      if (chunks instanceof Error) throw chunks;
      for (const chunk of chunks) yield chunk;
    },
  });
}

let ip = 0;
function describeRequest(fields: Record<string, string | Blob>, options: { origin?: string } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(`${SITE}/api/ai/descriptions`, { method: 'POST', body: form, headers: { origin: options.origin ?? SITE } });
  return request;
}

const context = (request: Request, userId: string | null) =>
  ({
    request,
    url: new URL(request.url),
    params: {},
    clientAddress: `203.0.113.${++ip}`,
    locals: { user: userId ? user(userId) : null, session: null } as App.Locals,
  }) as unknown as APIContext;

const generateDescription = (ctx: APIContext, deps: DescriptionDeps) => describeImageEndpoint(deps)(ctx) as Promise<Response>;

async function events(response: Response): Promise<DescriptionEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map(
      (block) =>
        JSON.parse(
          block
            .split('\n')
            .find((line) => line.startsWith('data: '))!
            .slice(6),
        ) as DescriptionEvent,
    );
}

const imageFile = () => new File([png], 'foto.png', { type: 'image/png' });

describe('POST /api/ai/descriptions', () => {
  it('streams the model HTML, sanitizes the final version and stores it for a signed-in user', async () => {
    const seen: DescriptionRequest[] = [];
    const response = await generateDescription(context(describeRequest({ image: imageFile(), language: 'fr', instructions: '  Breve  ' }), 'ana'), {
      describer: describer(['```html\n<h2>Un ', 'paysage</h2><p onclick="x()">Vert<script>alert(1)</script></p>\n```'], seen),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const received = await events(response);
    expect(received.filter((event) => event.type === 'chunk')).toHaveLength(2);
    const done = received.at(-1);
    expect(done).toMatchObject({ type: 'done', html: '<h2>Un paysage</h2><p>Vert</p>' });
    expect(seen[0]).toMatchObject({ language: 'fr', instructions: 'Breve', image: { contentType: 'image/jpeg' } });
    const { rows } = await pool.query(
      'SELECT user_id, image_url, generated_description, description_type, language, custom_instructions FROM generated_image_descriptions WHERE id = $1',
      [done?.type === 'done' ? done.id : ''],
    );
    expect(rows[0]).toEqual({
      user_id: 'ana',
      image_url: UPLOADED_IMAGE_MARKER,
      generated_description: '<h2>Un paysage</h2><p>Vert</p>',
      description_type: 'unique_detailed',
      language: 'fr',
      custom_instructions: 'Breve',
    });
  });

  it('stores nothing for an anonymous visitor and omits empty instructions', async () => {
    const seen: DescriptionRequest[] = [];
    const before = (await pool.query('SELECT count(*)::int AS n FROM generated_image_descriptions')).rows[0].n;
    const response = await generateDescription(context(describeRequest({ image: imageFile(), language: 'es', instructions: '   ' }), null), {
      describer: describer(['<p>Hola</p>'], seen),
    });
    expect((await events(response)).at(-1)).toEqual({ type: 'done', html: '<p>Hola</p>', id: null });
    expect(seen[0]?.instructions).toBeUndefined();
    expect((await pool.query('SELECT count(*)::int AS n FROM generated_image_descriptions')).rows[0].n).toBe(before);
  });

  it('answers SPEC messages for a missing source, a bad URL, a file that is not an image, and an SVG', async () => {
    const run = async (fields: Record<string, string | Blob>) => {
      const response = await generateDescription(context(describeRequest({ language: 'es', ...fields }), null), { describer: describer(['<p>x</p>']) });
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    };
    expect(await run({})).toEqual({ status: 400, error: 'Por favor selecciona una imagen o proporciona una URL' });
    expect(await run({ imageUrl: 'no es una url' })).toEqual({ status: 400, error: 'URL de imagen no válida' });
    expect(await run({ image: new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }) })).toEqual({
      status: 415,
      error: 'Por favor selecciona una imagen válida',
    });
    expect(await run({ image: new File(['hola'], 'x.png', { type: 'image/png' }) })).toEqual({ status: 415, error: 'Por favor selecciona una imagen válida' });
    expect(await run({ image: new File([new Uint8Array(10_485_761)], 'x.png', { type: 'image/png' }) })).toEqual({
      status: 413,
      error: 'El archivo debe ser menor a 10MB.',
    });
  });

  it('refuses to fetch a loopback URL (no test exception given) with the image error', async () => {
    const response = await generateDescription(context(describeRequest({ language: 'es', imageUrl: 'http://127.0.0.1:9/foto.png' }), null), {
      describer: describer(['<p>x</p>']),
      log: () => {},
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: 'Error con la imagen. Verifica que sea válida y accesible.' });
  });

  it("maps a provider failure to the provider error's Spanish message and an empty answer to SPEC's", async () => {
    const failed = await generateDescription(context(describeRequest({ image: imageFile(), language: 'es' }), null), {
      describer: describer(new AiProviderError('unreachable', 'ECONNREFUSED')),
      log: () => {},
    });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: 'Error de conexión con el servicio de IA. Inténtalo de nuevo.' });
    const empty = await generateDescription(context(describeRequest({ image: imageFile(), language: 'es' }), null), {
      describer: describer(['<script>x</script>', '  ']),
    });
    expect((await events(empty)).at(-1)).toEqual({ type: 'error', error: 'No se recibió una descripción válida del servicio de IA' });
  });

  it('frees the visitor slot after each generation, also after a failure', async () => {
    const request = () => context(describeRequest({ image: imageFile(), language: 'es', sessionId: 'session_1763790000000_abcdef123' }), null);
    await (await generateDescription(request(), { describer: describer(new AiProviderError('timeout', 't')), log: () => {} })).text();
    const second = await generateDescription(request(), { describer: describer(['<p>Bien</p>']) });
    expect(second.status).toBe(200);
    await second.text();
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM rate_limit_buckets WHERE key LIKE 'inflight:%'");
    expect(rows[0].n).toBe(0);
  });

  it('stops the provider and frees the slot when the browser goes away mid-stream', async () => {
    let stopped = false;
    const endless = (): ImageDescriber => ({
      provider: 'prueba',
      model: 'prueba',
      async *describe(request) {
        request.signal?.addEventListener('abort', () => (stopped = true));
        for (let index = 0; !request.signal?.aborted; index++) {
          yield `<p>Trozo ${index}</p>`;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      },
    });
    const sessionId = 'session_1763790000001_abcdef999';
    const response = await generateDescription(context(describeRequest({ image: imageFile(), language: 'es', sessionId }), null), { describer: endless });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => stopped).toBe(true);
    await expect
      .poll(async () => (await pool.query('SELECT count(*)::int AS n FROM rate_limit_buckets WHERE key = $1', [`inflight:session:${sessionId}`])).rows[0].n)
      .toBe(0);
  });

  it('refuses a cross-site request', async () => {
    const response = await generateDescription(context(describeRequest({ image: imageFile(), language: 'es' }, { origin: 'https://malo.test' }), null), {
      describer: describer(['<p>x</p>']),
    });
    expect(response.status).toBe(403);
  });
});

describe('saving and deleting descriptions', () => {
  const own = (userId: string) =>
    insertDescription({ userId, imageUrl: 'https://ejemplo.es/a.png', html: '<p>Mía</p>', language: 'es', instructions: null }, pool);

  it('lets a user save, list and unsave only their own description', async () => {
    const anas = await own('ana');
    expect(await setDescriptionSaved('ana', anas, true, pool)).toBe(true);
    expect(await setDescriptionSaved('ana', anas, true, pool)).toBe(true);
    expect((await listSavedDescriptions('ana', pool)).map((entry) => entry.id)).toContain(anas);
    expect(await setDescriptionSaved('luis', anas, true, pool)).toBeNull();
    // Other tests save Luis's own descriptions; Ana's must not be among them.
    expect((await listSavedDescriptions('luis', pool)).map((entry) => entry.id)).not.toContain(anas);
    expect(await setDescriptionSaved('ana', anas, false, pool)).toBe(false);
    expect((await listSavedDescriptions('ana', pool)).map((entry) => entry.id)).not.toContain(anas);
  });

  it("answers 404 to another user's save or delete and 401 to a guest, and deletes one's own", async () => {
    const anas = await own('ana');
    const call = (method: 'PUT' | 'DELETE', userId: string | null) =>
      callRoute(method === 'PUT' ? saveDescriptionEndpoint : deleteDescriptionEndpoint, {
        method,
        path: `/api/descriptions/${anas}${method === 'PUT' ? '/save' : ''}`,
        body: method === 'PUT' ? { saved: true } : undefined,
        params: { id: anas },
        user: userId ? user(userId) : null,
      });
    expect((await call('PUT', 'luis')).status).toBe(404);
    expect((await call('DELETE', 'luis')).status).toBe(404);
    expect((await call('DELETE', null)).status).toBe(401);
    expect(await deleteOwnDescription('luis', anas, pool)).toBe(false);
    expect((await call('PUT', 'ana')).status).toBe(200);
    expect((await call('DELETE', 'ana')).status).toBe(204);
    expect((await pool.query('SELECT count(*)::int AS n FROM saved_image_descriptions WHERE description_id = $1', [anas])).rows[0].n).toBe(0);
  });

  it('lists saved descriptions most recently saved first, hiding the upload marker', async () => {
    const first = await insertDescription({ userId: 'luis', imageUrl: UPLOADED_IMAGE_MARKER, html: '<p>Uno</p>', language: 'en', instructions: 'x' }, pool);
    const second = await own('luis');
    await setDescriptionSaved('luis', second, true, pool);
    await setDescriptionSaved('luis', first, true, pool);
    const listed = await listSavedDescriptions('luis', pool);
    expect(listed.map((entry) => entry.id)).toEqual([first, second]);
    expect(listed[0]).toMatchObject({ imageUrl: null, language: 'en', type: 'unique_detailed', instructions: 'x', html: '<p>Uno</p>' });
  });
});
