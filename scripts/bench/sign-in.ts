/**
 * E-mail + password sign-in latency on the running site: one account registered and verified through the real
 * endpoints and outbox, then sign-ins one after another and in parallel batches. Each client uses its own loopback
 * address (127.0.0.x), as different visitors would, so the per-IP sign-in limit never answers in their place.
 */
import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { AUTH_RATE_LIMITS } from '../../src/server/auth/auth.ts';

export interface Latency {
  count: number;
  p50Ms: number;
  p95Ms: number;
}

export interface SignInLatency {
  sequential: Latency;
  concurrent: Latency;
  concurrency: number;
}

const PASSWORD = 'clave-de-prueba-1';
const FIRST_CLIENT_OCTET = 10;

interface Answer {
  status: number;
  location: string | undefined;
  /** name=value of each cookie the answer sets. */
  cookies: string[];
}

/** One HTTP request from a chosen loopback address (fetch cannot pick its source address). */
function send(url: URL, options: { method: string; origin: string; localAddress: string; body?: unknown }): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method,
        localAddress: options.localAddress,
        headers: { origin: options.origin, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
        timeout: 30_000,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            cookies: (response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]!),
          }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${url.pathname}: sin respuesta en 30 s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export function percentile(sortedMs: number[], fraction: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1)]!;
}

function summarise(durations: number[]): Latency {
  const sorted = [...durations].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
}

/** The verification link the site wrote to its outbox for `email`, waiting for it up to `timeoutMs`. */
export async function verificationLink(outbox: string, email: string, timeoutMs: number): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const message = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = message.includes(email) ? message.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0] : undefined;
      if (link) return new URL(link);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No llegó el correo de verificación de ${email} a ${outbox}`);
}

/**
 * `siteOrigin` is the site's SITE_URL (better-auth accepts requests from that origin only); `serverUrl` is where it
 * listens. Sign-ins per address stay under the per-IP limit. Each half stops early when its share of `budgetMs` is
 * spent, so a slow machine gets fewer samples rather than a long wait.
 */
export async function measureSignIn(options: {
  serverUrl: string;
  siteOrigin: string;
  outbox: string;
  sequential: number;
  concurrent: number;
  concurrency: number;
  budgetMs: number;
}): Promise<SignInLatency> {
  const email = `bench-${Date.now()}@brujula.test`;
  const url = (pathname: string) => new URL(pathname, options.serverUrl);
  const call = (pathname: string, client: number, body?: unknown) =>
    send(url(pathname), { method: body === undefined ? 'GET' : 'POST', origin: options.siteOrigin, localAddress: `127.0.0.${client}`, body });

  const signUp = await call('/api/auth/sign-up/email', FIRST_CLIENT_OCTET, { name: 'Prueba de rendimiento', email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`El registro de la cuenta de prueba respondió HTTP ${signUp.status}`);
  const link = await verificationLink(options.outbox, email, 10_000);
  const verified = await call(link.pathname + link.search, FIRST_CLIENT_OCTET);
  if (verified.status !== 302) throw new Error(`La verificación de la cuenta de prueba respondió HTTP ${verified.status}`);

  const perAddress = AUTH_RATE_LIMITS.signIn.max - 1;
  let attempt = 0;
  const signIn = async (): Promise<number> => {
    const client = FIRST_CLIENT_OCTET + 1 + Math.floor(attempt++ / perAddress);
    const started = performance.now();
    const answer = await call('/api/auth/sign-in/email', client, { email, password: PASSWORD });
    const elapsed = performance.now() - started;
    if (answer.status !== 200) throw new Error(`Un inicio de sesión respondió HTTP ${answer.status}`);
    return elapsed;
  };

  // The first sign-in warms the password hashing and the database connection; it is not counted.
  await signIn();
  const started = performance.now();
  const within = (share: number) => performance.now() - started < options.budgetMs * share;
  const sequential: number[] = [];
  while (sequential.length < options.sequential && within(0.4)) sequential.push(await signIn());
  const concurrent: number[] = [];
  while (concurrent.length < options.concurrent && within(1)) {
    const batch = Math.min(options.concurrency, options.concurrent - concurrent.length);
    concurrent.push(...(await Promise.all(Array.from({ length: batch }, signIn))));
  }
  return { sequential: summarise(sequential), concurrent: summarise(concurrent), concurrency: options.concurrency };
}

/**
 * A session cookie for a new verified account, for measuring signed-in pages (/dashboard). `clientOctet` picks the
 * loopback address it signs up from, apart from measureSignIn's, so neither meets the other's per-IP limits.
 */
export async function signedInCookie(options: { serverUrl: string; siteOrigin: string; outbox: string; clientOctet: number }): Promise<string> {
  const email = `bench-panel-${Date.now()}@brujula.test`;
  const localAddress = `127.0.0.${options.clientOctet}`;
  const call = (pathname: string, body?: unknown) =>
    send(new URL(pathname, options.serverUrl), { method: body === undefined ? 'GET' : 'POST', origin: options.siteOrigin, localAddress, body });
  const signUp = await call('/api/auth/sign-up/email', { name: 'Prueba del panel', email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`El registro de la cuenta del panel respondió HTTP ${signUp.status}`);
  const link = await verificationLink(options.outbox, email, 10_000);
  await call(link.pathname + link.search);
  const signIn = await call('/api/auth/sign-in/email', { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`El inicio de sesión de la cuenta del panel respondió HTTP ${signIn.status}`);
  return signIn.cookies.join('; ');
}
