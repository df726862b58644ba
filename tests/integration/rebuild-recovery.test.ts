/**
 * Build folders after a killed or failed build: what they leave (about 120 MB each) is removed, while the served
 * build, the previous one kept for open pages, and a folder another live process is still writing stay.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/server/build/build-site.ts';
import { activateBuild, markBuilding, readPreviousBuildDir, removeLeftoverBuilds, writeBuildInfo } from '../../src/server/build/builds.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const scratch = await mkdtemp(path.join(tmpdir(), 'brujula-builds-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

let folders = 0;
/** A fresh builds folder inside a fresh project root. */
async function project(): Promise<{ root: string; builds: string }> {
  const root = path.join(scratch, `proyecto-${++folders}`);
  const builds = path.join(root, 'builds');
  await mkdir(builds, { recursive: true });
  return { root, builds };
}

/** A build folder as Astro leaves it; `complete` adds the build-info.json written at the end. */
async function writeBuild(builds: string, id: string, complete = true): Promise<void> {
  await mkdir(path.join(builds, id, 'client'), { recursive: true });
  await writeFile(path.join(builds, id, 'client', 'index.html'), '<!doctype html><title>Brújula IA</title>');
  if (complete) await writeBuildInfo(path.join(builds, id), { id, fingerprint: id, contentVersion: 1, builtAt: '', durationMs: 1, pages: 1 });
}

async function buildFolders(builds: string): Promise<string[]> {
  return (await readdir(builds, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const link = async (builds: string, name: string) => path.basename(await readlink(path.join(builds, name)));

/** The pid of a process that has already exited: what a killed build leaves in its marker. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('build folders', () => {
  it('keeps the served build and the previous one on activation, and removes a failed build left between them', async () => {
    const { builds } = await project();
    await writeBuild(builds, '20261125100000000');
    await activateBuild(builds, '20261125100000000');
    await writeBuild(builds, '20261125110000000');
    await activateBuild(builds, '20261125110000000');
    // A build that failed after its predecessor: newer than the served one, never activated.
    await writeBuild(builds, '20261125120000000', false);
    await writeBuild(builds, '20261125130000000');
    await activateBuild(builds, '20261125130000000');
    expect(await buildFolders(builds)).toEqual(['20261125110000000', '20261125130000000']);
    expect(await link(builds, 'current')).toBe('20261125130000000');
    expect(await link(builds, 'previous')).toBe('20261125110000000');
  });

  it('removes at start what killed builds left, but not the current, the previous, nor a build another live process is writing', async () => {
    const { builds } = await project();
    await writeBuild(builds, '20261125090000000');
    await activateBuild(builds, '20261125090000000');
    await writeBuild(builds, '20261125100000000');
    await activateBuild(builds, '20261125100000000');
    // Two builds killed mid-way (their marker names a process that is gone, or there is none).
    await writeBuild(builds, '20261125110000000', false);
    await writeFile(path.join(builds, '20261125110000000.building'), String(await deadPid()));
    await writeBuild(builds, '20261125120000000', false);
    // npm run build, still running beside the site.
    const builder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeBuild(builds, '20261125130000000', false);
      await writeFile(path.join(builds, '20261125130000000.building'), String(builder.pid));
      expect((await removeLeftoverBuilds(builds)).sort()).toEqual(['20261125110000000', '20261125120000000']);
      expect(await buildFolders(builds)).toEqual(['20261125090000000', '20261125100000000', '20261125130000000']);
      expect((await readdir(builds)).filter((name) => name.endsWith('.building'))).toEqual(['20261125130000000.building']);
    } finally {
      builder.kill();
    }
    await new Promise((resolve) => builder.on('exit', resolve));
    // Once that process is gone, its half-written folder is a leftover like the others.
    expect(await removeLeftoverBuilds(builds)).toEqual(['20261125130000000']);
    expect(await readdir(builds)).not.toContain('20261125130000000.building');
  });

  it('keeps the full build a served layer lies over, and the one under the previous layer, until neither is served', async () => {
    const { builds } = await project();
    const layer = async (id: string, layerOf: string) => {
      await mkdir(path.join(builds, id, 'client'), { recursive: true });
      await writeBuildInfo(path.join(builds, id), { id, fingerprint: id, contentVersion: 1, builtAt: '', durationMs: 1, pages: 1, layerOf });
    };
    await writeBuild(builds, '20261125090000000');
    await activateBuild(builds, '20261125090000000');
    await writeBuild(builds, '20261125100000000');
    await activateBuild(builds, '20261125100000000');
    await layer('20261125110000000', '20261125100000000');
    await activateBuild(builds, '20261125110000000');
    // The previous build is the full tree the layer lies over: 09 is the only leftover.
    expect(await buildFolders(builds)).toEqual(['20261125100000000', '20261125110000000']);
    await layer('20261125120000000', '20261125100000000');
    await activateBuild(builds, '20261125120000000');
    expect(await buildFolders(builds)).toEqual(['20261125100000000', '20261125110000000', '20261125120000000']);
    expect(await readPreviousBuildDir(builds)).toBe(path.join(builds, '20261125100000000'));
    // The second pass's full tree replaces the layer; the layer stays as the previous build, over its full build.
    await writeBuild(builds, '20261125130000000');
    await activateBuild(builds, '20261125130000000');
    expect(await buildFolders(builds)).toEqual(['20261125100000000', '20261125120000000', '20261125130000000']);
    await writeBuild(builds, '20261125140000000');
    await activateBuild(builds, '20261125140000000');
    expect(await buildFolders(builds)).toEqual(['20261125130000000', '20261125140000000']);
  });

  it("treats a marker with this process's own pid as stale: a restarted container reuses pids", async () => {
    const { builds } = await project();
    await writeBuild(builds, '20261125140000000', false);
    const finished = await markBuilding(builds, '20261125140000000');
    expect(await removeLeftoverBuilds(builds)).toEqual(['20261125140000000']);
    await finished();
    expect(await readdir(builds)).toEqual([]);
  });

  it('a failed build removes its own folder, and the next build removes what a killed one left', async () => {
    const { root, builds } = await project();
    await writeBuild(builds, '20261125080000000');
    await activateBuild(builds, '20261125080000000');
    await writeBuild(builds, '20261125090000000', false);
    const lines: string[] = [];
    // This project has no Astro: the build process exits with an error, as a broken build would.
    const build = buildSite({
      root,
      buildsDir: builds,
      pool,
      databaseUrl: 'postgres://sin-uso',
      databaseIdentity: 'prueba',
      siteUrl: 'http://localhost:4321',
      siteName: 'Brújula IA',
      googleSignIn: false,
      prerenderedTools: 2_000,
      force: true,
      log: (line) => lines.push(line),
    });
    await expect(build).rejects.toThrow(/astro build terminó con código/);
    expect(lines[0]).toBe('Construcciones a medias eliminadas: 20261125090000000.');
    expect(await buildFolders(builds)).toEqual(['20261125080000000']);
    expect((await readdir(builds)).filter((name) => name.endsWith('.building'))).toEqual([]);
    expect(await link(builds, 'current')).toBe('20261125080000000');
  });
});
