/**
 * npm start with a build already served (scripts/start.ts): when only content changed since (approvals or edits
 * while the site was stopped), it serves that build at once and the rebuild watcher catches up in the background;
 * when anything else changed (settings, configuration, rows seeded again), it builds first, as before.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { servedBuildBehindInContent, siteFingerprint, type BuildOptions } from '../../src/server/build/build-site.ts';
import { activateBuild, writeBuildInfo } from '../../src/server/build/builds.ts';
import { bumpContentVersion } from '../../src/server/build/fingerprint.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
// An empty project: its code hash is the same on every read, which is all this needs.
const root = await mkdtemp(path.join(tmpdir(), 'brujula-arranque-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const options: BuildOptions = {
  root,
  buildsDir: path.join(root, 'builds'),
  pool,
  databaseUrl: 'postgres://sin-uso',
  databaseIdentity: 'prueba',
  siteUrl: 'http://localhost:4321',
  siteName: 'Brújula IA',
  googleSignIn: false,
  prerenderedTools: 2_000,
};

/** Serves a build made from the database as it is now. */
async function serveBuildOfNow(id: string): Promise<void> {
  const fingerprint = await siteFingerprint(options);
  await mkdir(path.join(options.buildsDir, id, 'client'), { recursive: true });
  await writeBuildInfo(path.join(options.buildsDir, id), {
    id,
    fingerprint: fingerprint.full,
    baseFingerprint: fingerprint.base,
    contentVersion: fingerprint.contentVersion,
    builtAt: new Date().toISOString(),
    durationMs: 1,
    pages: 1,
  });
  await activateBuild(options.buildsDir, id);
}

describe('a start with a build already served', () => {
  it('serves it at once when only the content changed since, and builds first otherwise', async () => {
    expect(await servedBuildBehindInContent(options)).toBeUndefined();
    await serveBuildOfNow('20261127100000000');
    // Up to date: nothing to catch up (buildSite reuses it).
    expect(await servedBuildBehindInContent(options)).toBeUndefined();

    await bumpContentVersion(pool);
    expect((await servedBuildBehindInContent(options))?.id).toBe('20261127100000000');
    // Another PRERENDERED_TOOLS (part of the configuration): the start builds first.
    expect(await servedBuildBehindInContent({ ...options, prerenderedTools: 10 })).toBeUndefined();

    await pool.query(`INSERT INTO site_settings (key, value) VALUES ('prueba-arranque', '{"cambio": 1}')`);
    expect(await servedBuildBehindInContent(options)).toBeUndefined();

    await serveBuildOfNow('20261127110000000');
    await pool.query(`INSERT INTO categories (name, slug) VALUES ('Arranque', 'arranque')`);
    // New rows (a database seeded again has new ids): built pages carry ids, so the start builds first.
    expect(await servedBuildBehindInContent(options)).toBeUndefined();
  });
});
