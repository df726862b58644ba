import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { E2E_AUTH_SECRET, E2E_GOOGLE_CLIENT, E2E_SUPABASE_SERVICE_KEY } from './site-secrets.ts';
import { siteUnderTest } from './site-under-test.ts';

/** Server-only values and the names of the variables that hold them: none may reach a browser. */
const FORBIDDEN = [
  E2E_AUTH_SECRET,
  E2E_GOOGLE_CLIENT.clientSecret,
  E2E_SUPABASE_SERVICE_KEY,
  'BETTER_AUTH_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'SUPABASE_SERVICE_ROLE_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'postgres://',
  'postgresql://',
];

const leaksIn = (text: string) => FORBIDDEN.filter((secret) => text.includes(secret));

test('no built file sent to browsers contains a secret or a database address', async () => {
  // The e2e webServer has built the site into this folder before any test runs.
  const clientDir = path.resolve(siteUnderTest().buildsDir, 'current', 'client');
  const files = (await readdir(clientDir, { recursive: true })).filter((file) => /\.(m?js|html|css)$/.test(file));
  expect(files.filter((file) => file.endsWith('.js')).length, 'archivos JavaScript del cliente').toBeGreaterThan(0);
  const found: string[] = [];
  for (const file of files) {
    for (const secret of leaksIn(await readFile(path.join(clientDir, file), 'utf8'))) found.push(`${file}: ${secret}`);
  }
  expect(found).toEqual([]);
});

test('pages rendered on request do not contain them either', async ({ page }) => {
  for (const pathname of ['/login', '/register', '/api/auth/get-session', '/api/images?sessionId=session_1700000000000_secretos1']) {
    const response = await page.request.get(pathname);
    expect(response.ok()).toBe(true);
    expect(leaksIn(await response.text()), pathname).toEqual([]);
  }
});
