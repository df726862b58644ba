/**
 * "Approval -> page visible to a guest" and "full rebuild after an approval" on a running site: an admin
 * account registered and verified through the real endpoints and outbox publishes a tool, approves it through
 * /api/posts/{id}/approve, and a guest asks for its page every 50 ms until it answers 200 (rendered on demand).
 * Then the guest asks for its category page until the rebuilt static page lists it (the rebuild watcher's
 * settle time, the build and the switch to it, all included), and then for the search's names file until the
 * search finds it: the same rebuild's first pass up to 3,000 tools, its second pass past them (docs/decisions/013).
 */
import { request } from 'node:http';
import { SEARCH_NAMES_PATH } from '../../src/lib/search/search.ts';
import { SEARCH_CHANGES_PATH } from '../../src/lib/search/search-changes.ts';
import { verificationLink } from './sign-in.ts';

export const BENCH_ADMIN_EMAIL = 'admin-bench@brujula.test';
const PASSWORD = 'clave-de-prueba-1';

export interface ApprovalTimes {
  /** From sending the approval to the first 200 a guest gets for the tool page. */
  visibleMs: number;
  /** From sending the approval to the first time the static category page lists the tool. */
  rebuiltMs: number | null;
  /** From sending the approval to the first time the search index holds it (its names file names it); null when not awaited or too late. */
  searchableMs: number | null;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: URL, options: { method: string; origin: string; cookie?: string; body?: unknown }): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method,
        headers: {
          origin: options.origin,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${url.pathname}: sin respuesta en 60 s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The `name=value` pairs of Set-Cookie headers, joined for a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return values.map((value) => value.split(';')[0]!.trim()).join('; ');
}

/** The admin's session cookie: registered (once per data folder), verified through the outbox, signed in. */
async function adminSession(serverUrl: string, origin: string, outbox: string): Promise<string> {
  const url = (pathname: string) => new URL(pathname, serverUrl);
  const signIn = () => send(url('/api/auth/sign-in/email'), { method: 'POST', origin, body: { email: BENCH_ADMIN_EMAIL, password: PASSWORD } });
  let answer = await signIn();
  if (answer.status !== 200) {
    const signUp = await send(url('/api/auth/sign-up/email'), {
      method: 'POST',
      origin,
      body: { name: 'Admin de rendimiento', email: BENCH_ADMIN_EMAIL, password: PASSWORD },
    });
    if (signUp.status !== 200) throw new Error(`El registro de la cuenta de administración respondió HTTP ${signUp.status}`);
    const link = await verificationLink(outbox, BENCH_ADMIN_EMAIL, 10_000);
    await send(url(link.pathname + link.search), { method: 'GET', origin });
    answer = await signIn();
  }
  if (answer.status !== 200) throw new Error(`El inicio de sesión de administración respondió HTTP ${answer.status}`);
  return cookieHeader(answer.headers['set-cookie']);
}

async function statusOf(url: URL): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Publishes and approves one tool and times what a guest sees. `siteOrigin` is the site's SITE_URL (forms are
 * accepted from it only); `serverUrl` is where it listens.
 */
export async function measureApproval(options: {
  serverUrl: string;
  siteOrigin: string;
  outbox: string;
  /** How long to wait for the rebuilt category page. */
  rebuildTimeoutMs: number;
  /** False to stop once the category lists it: the next approval then lands during this one's second pass. */
  waitForSearch?: boolean;
  log?: (line: string) => void;
}): Promise<ApprovalTimes> {
  const url = (pathname: string) => new URL(pathname, options.serverUrl);
  const cookie = await adminSession(options.serverUrl, options.siteOrigin, options.outbox);
  const categories = await send(url('/api/tools?filter=new&page=1'), { method: 'GET', origin: options.siteOrigin });
  const category = (JSON.parse(categories.body) as { items: { categories: { slug: string }[] }[] }).items[0]?.categories[0]?.slug ?? 'escritura';
  const title = `Medición de aprobación ${Date.now().toString(36)}`;
  const categoryId = await categoryIdOf(options.serverUrl, options.siteOrigin, category, cookie);
  const published = await send(url('/api/posts'), {
    method: 'POST',
    origin: options.siteOrigin,
    cookie,
    body: {
      title,
      description: 'Una herramienta creada por npm run bench para medir cuánto tarda una aprobación en verse y en reconstruirse.',
      url: 'https://medicion.brujula.test/',
      categoryIds: [categoryId],
    },
  });
  if (published.status !== 200) throw new Error(`Publicar respondió HTTP ${published.status}: ${published.body.slice(0, 200)}`);
  const { id, slug } = JSON.parse(published.body) as { id: string; slug: string };
  if ((await statusOf(url(`/${slug}`))) !== 404) throw new Error('La publicación pendiente ya era visible para un invitado.');

  const started = performance.now();
  const approved = await send(url(`/api/posts/${id}/approve`), { method: 'POST', origin: options.siteOrigin, cookie, body: {} });
  if (approved.status !== 200) throw new Error(`Aprobar respondió HTTP ${approved.status}: ${approved.body.slice(0, 200)}`);
  let visibleMs = Number.NaN;
  for (;;) {
    if ((await statusOf(url(`/${slug}`))) === 200) {
      visibleMs = performance.now() - started;
      break;
    }
    if (performance.now() - started > 60_000) throw new Error('La página aprobada no fue visible en 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  options.log?.(`Aprobada «${title}»: visible en ${Math.round(visibleMs)} ms; esperando la reconstrucción…`);

  const shown = async (pathname: string, text: string) => {
    const page = await fetch(url(pathname), { signal: AbortSignal.timeout(10_000) });
    return (await page.text()).includes(text);
  };
  const rebuiltMs = await timeUntil(started, options.rebuildTimeoutMs, () => shown(`/categoria/${category}`, title));
  const searchableMs =
    rebuiltMs === null || options.waitForSearch === false
      ? null
      : // Past a few thousand tools the first pass lists it among the changes since the full index, which the page reads with it.
        await timeUntil(
          started,
          options.rebuildTimeoutMs,
          async () => (await shown(SEARCH_CHANGES_PATH, `"${slug}"`)) || shown(SEARCH_NAMES_PATH, `"${slug}"`),
        );
  return { visibleMs, rebuiltMs, searchableMs };
}

/** Milliseconds from `started` until `done` holds (asked every 500 ms), or null when `timeoutMs` runs out first. */
async function timeUntil(started: number, timeoutMs: number, done: () => Promise<boolean>): Promise<number | null> {
  while (performance.now() - started < timeoutMs) {
    if (await done()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return null;
}

/** Categories by slug as the publish form receives them (its island's serialized props), for the bench's submission. */
export function pickerCategoryIds(html: string): Map<string, string> {
  const props = html.replaceAll('&quot;', '"');
  const ids = new Map<string, string>();
  for (const match of props.matchAll(/"id":\[0,"([0-9a-f-]{36})"\],"name":\[0,"(?:[^"\\]|\\.)*"\],"slug":\[0,"([a-z0-9-]+)"\]/g)) ids.set(match[2]!, match[1]!);
  return ids;
}

async function categoryIdOf(serverUrl: string, origin: string, slug: string, cookie: string): Promise<string> {
  const page = await send(new URL('/publicar', serverUrl), { method: 'GET', origin, cookie });
  const id = pickerCategoryIds(page.body).get(slug);
  if (!id) throw new Error(`No se encontró la categoría ${slug} en /publicar`);
  return id;
}
