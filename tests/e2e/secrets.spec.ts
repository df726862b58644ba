import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { E2E_AUTH_SECRET, E2E_GOOGLE_CLIENT } from './site-secrets.ts';

// The e2e webServer has built the site into this folder before any test runs.
const clientDir = path.resolve(process.env.E2E_BUILDS_DIR ?? 'builds/e2e', 'current', 'client');

/** Server-only values and the names of the variables that hold them: none may reach a browser. */
const FORBIDDEN = [
  E2E_AUTH_SECRET,
  E2E_GOOGLE_CLIENT.clientSecret,
  'BETTER_AUTH_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'postgres://',
  'postgresql://',
];

const leaksIn = (text: string) => FORBIDDEN.filter((secret) => text.includes(secret));

test('no built file sent to browsers contains a secret or a database address', async () => {
  const files = (await readdir(clientDir, { recursive: true })).filter((file) => /\.(m?js|html|css)$/.test(file));
  expect(files.filter((file) => file.endsWith('.js')).length, 'archivos JavaScript del cliente').toBeGreaterThan(0);
  const found: string[] = [];
  for (const file of files) {
    for (const secret of leaksIn(await readFile(path.join(clientDir, file), 'utf8'))) found.push(`${file}: ${secret}`);
  }
  expect(found).toEqual([]);
});

test('pages rendered on request do not contain them either', async ({ page }) => {
  for (const pathname of ['/login', '/register', '/api/auth/get-session']) {
    const response = await page.request.get(pathname);
    expect(response.ok()).toBe(true);
    expect(leaksIn(await response.text()), pathname).toEqual([]);
  }
});
