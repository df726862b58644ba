/**
 * Fault test: the site's embedded PostgreSQL is killed (kill -9 of the postmaster) while requests keep coming. npm
 * start's supervisor must bring it back with nobody's help; meanwhile static pages keep being served, and every
 * answer that needs the database is a Spanish 503 with Retry-After (JSON on the API, HTML on pages), never a 500.
 */
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { readPostmasterPid } from '../../src/server/db/postgres-server.ts';
import { TEST_PASSWORD, signIn, uniqueEmail } from './accounts.ts';
import { createAccount, waitForRebuilds } from './database.ts';
import { expect, test } from './fixtures.ts';
import { siteUnderTest } from './site-under-test.ts';

interface Answer {
  path: string;
  status: number;
  at: number;
  retryAfter: string | null;
  type: string;
  body: string;
}

/**
 * One of each kind of route, with its answer when all is well: a static page, health, the direct JSON route, an
 * API route and a page that read the session, the auth library, the login page (which sends a signed-in visitor
 * on) and a page rendered on demand from a query.
 */
const PROBES: Array<{ path: string; healthy: number; api: boolean; prerendered?: boolean }> = [
  { path: '/', healthy: 200, api: false, prerendered: true },
  { path: '/api/health', healthy: 200, api: true },
  { path: '/api/tools?filter=new', healthy: 200, api: true },
  { path: '/api/saved', healthy: 200, api: true },
  { path: '/api/auth/get-session', healthy: 200, api: true },
  { path: '/dashboard', healthy: 200, api: false },
  { path: '/login', healthy: 302, api: false },
  { path: '/herramienta-que-no-existe', healthy: 404, api: false },
];

async function ask(request: APIRequestContext, probe: { path: string }): Promise<Answer> {
  const response = await request.get(probe.path, { maxRedirects: 0, failOnStatusCode: false, timeout: 15_000 });
  return {
    path: probe.path,
    status: response.status(),
    at: Date.now(),
    retryAfter: response.headers()['retry-after'] ?? null,
    type: response.headers()['content-type'] ?? '',
    body: await response.text(),
  };
}

test('el sitio sobrevive a un kill -9 de su PostgreSQL: 503 en español mientras cae y servicio normal al volver, sin intervención', async ({ page }) => {
  test.setTimeout(8 * 60_000);
  const email = uniqueEmail('caida');
  await createAccount({ email, name: 'Lucía Caída', password: TEST_PASSWORD, role: 'user' });
  await signIn(page, email);
  const request = page.request;
  for (const probe of PROBES) expect((await ask(request, probe)).status, probe.path).toBe(probe.healthy);

  const pgDir = path.join(siteUnderTest().dataDir, 'pg');
  const before = await readPostmasterPid(pgDir);
  expect(before?.state).toBe('ready');

  const answers: Answer[] = [];
  let stop = false;
  // Several clients at once, as real visitors would be: each asks every probe in turn, without pause.
  const clients = Array.from({ length: 3 }, async () => {
    while (!stop) for (const probe of PROBES) answers.push(await ask(request, probe));
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const killedAt = Date.now();
  process.kill(before!.pid, 'SIGKILL');

  // Recovered: a full round after the kill in which every probe answers as it did before.
  let recoveredAt: number | undefined;
  await expect(async () => {
    const round = await Promise.all(PROBES.map((probe) => ask(request, probe)));
    answers.push(...round);
    expect(round.map((answer) => answer.status)).toEqual(PROBES.map((probe) => probe.healthy));
    recoveredAt = Math.min(...round.map((answer) => answer.at));
  }).toPass({ timeout: 60_000, intervals: [50] });
  // A little longer under load, to catch a late failure of the recovered server.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  stop = true;
  await Promise.all(clients);

  const firstGood = answers.filter((answer) => answer.at > killedAt && answer.path === '/api/health' && answer.status === 200)[0]!;
  console.log(
    `Caída de PostgreSQL: ${answers.length} respuestas; primera respuesta buena de /api/health ${firstGood.at - killedAt} ms después del kill -9; ` +
      `todas las rutas de nuevo como antes a los ${recoveredAt! - killedAt} ms; 503 recibidos: ${answers.filter((answer) => answer.status === 503).length}.`,
  );

  const after = await readPostmasterPid(pgDir);
  expect(after?.pid).not.toBe(before!.pid);
  for (const answer of answers) {
    const probe = PROBES.find((candidate) => candidate.path === answer.path)!;
    // 2xx, 3xx, 4xx or 503: never a 500, never another 5xx.
    expect(answer.status === 503 || answer.status < 500, `${answer.path} respondió ${answer.status}: ${answer.body.slice(0, 200)}`).toBe(true);
    if (probe.prerendered) expect(answer.status, `${answer.path} es estática y se sirve siempre`).toBe(200);
    if (answer.status !== 503) continue;
    expect(answer.retryAfter, `${answer.path}: Retry-After`).toMatch(/^\d+$/);
    if (probe.api) {
      expect(answer.type).toContain('application/json');
      expect((JSON.parse(answer.body) as { error: string }).error).toMatch(/no está disponible/);
    } else {
      expect(answer.type).toContain('text/html');
      expect(answer.body).toContain('Volvemos enseguida');
    }
  }
  // Crash recovery moves content_version_seq forward (PostgreSQL logs sequences ahead), so the site rebuilds once:
  // that build finishes here rather than under the specs that follow.
  await waitForRebuilds();
});
