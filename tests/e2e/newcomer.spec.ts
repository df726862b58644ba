/**
 * The README's promise as a newcomer meets it: `npm start` with no .env and no SITE_URL, on another port, then
 * register, verify and sign in at the address it prints. Only PORT, and separate data and build folders so the
 * run never touches another site on this machine, are given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { removeDataDir } from '../../src/server/db/embedded-place.ts';
import { TEST_PASSWORD } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { verificationLink } from './mail.ts';

const dataDir = path.resolve('data/e2e-newcomer');
const buildsDir = 'builds/e2e-newcomer';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the site and resolves with the address of its "Sitio listo en …" line. */
function startSite(env: NodeJS.ProcessEnv): { child: ChildProcess; address: Promise<string> } {
  const child = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const address = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Sitio listo en (http:\/\/\S+?)[,\s]/.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start terminó con código ${code}:\n${output}`)));
  });
  return { child, address };
}

test.describe('a new site with no configuration', () => {
  let site: ChildProcess | undefined;
  let address = '';
  let port = 0;

  test.beforeAll(async () => {
    // Migrating, seeding and building a new site takes a minute or two on two cores.
    test.setTimeout(300_000);
    await removeDataDir(dataDir);
    port = await freePort();
    // Nothing of the suite's own configuration: only what any shell has, plus the port and the folders.
    // Without the background link checker: tests never reach the seeded tools' real sites.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir, BUILDS_DIR: buildsDir, CATALOGUE_ENRICH: 'false' };
    const started = startSite(env);
    site = started.child;
    address = await started.address;
  });

  test.afterAll(async () => {
    if (site && site.exitCode === null) {
      const exited = new Promise((resolve) => site!.once('exit', resolve));
      site.kill('SIGTERM');
      await exited;
    }
    await removeDataDir(dataDir);
    await rm(buildsDir, { recursive: true, force: true });
  });

  test('prints its own address, where registering, verifying and signing in work', async ({ page }) => {
    expect(address).toBe(`http://127.0.0.1:${port}`);
    const email = 'recien-llegada@brujula.test';
    await page.goto(`${address}/register`);
    await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeEnabled();
    await page.getByLabel('Nombre').fill('Recién Llegada');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(`${address}/login`, { timeout: 15_000 });

    const link = await verificationLink(email, path.join(dataDir, 'outbox'));
    expect(new URL(link).origin).toBe(address);
    await page.goto(link);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(`${address}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Hola, Recién Llegada' })).toBeVisible();
  });

  test('works at localhost on the same port too, and refuses a sign-up from another site in Spanish', async ({ page }) => {
    await page.goto(`http://localhost:${port}/login`);
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();

    const crossSite = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: 'http://sitio-ajeno.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Intrusa', email: 'intrusa@brujula.test', password: TEST_PASSWORD }),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: 'Solicitud rechazada: debe hacerse desde este mismo sitio.' });
  });
});
