import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { activateBuild, writeBuildInfo } from '../build/builds.ts';
import { PreviousAssets } from './previous-assets.ts';
import { securityOptions } from './security-options.ts';

const builds = await mkdtemp(path.join(tmpdir(), 'brujula-previas-'));
afterAll(() => rm(builds, { recursive: true, force: true }));

/** A build holding one Astro chunk and one Pagefind fragment of its own, plus a page. */
async function build(id: string, chunk: string): Promise<void> {
  const client = path.join(builds, id, 'client');
  await mkdir(path.join(client, '_astro'), { recursive: true });
  await mkdir(path.join(client, 'pagefind', 'fragment'), { recursive: true });
  await writeFile(path.join(client, '_astro', `${chunk}.js`), `export const build = '${id}';`);
  await writeFile(path.join(client, 'pagefind', 'fragment', `es_${chunk}.pf_fragment`), 'fragmento');
  await writeFile(path.join(client, 'index.html'), `<!doctype html><title>${id}</title>`);
  await writeBuildInfo(path.join(builds, id), { id, fingerprint: id, contentVersion: 1, builtAt: '', durationMs: 1, pages: 1 });
}

describe('the previous build’s chunks', () => {
  it('finds what only the build served before has, under /_astro/ and /pagefind/ only, and follows the next swap', async () => {
    const previous = new PreviousAssets(builds, securityOptions());
    await build('20261126100000000', 'viejo');
    await activateBuild(builds, '20261126100000000');
    expect(await previous.find('/_astro/viejo.js')).toBeUndefined();

    await build('20261126110000000', 'nuevo');
    await activateBuild(builds, '20261126110000000');
    previous.reset();
    expect((await previous.find('/_astro/viejo.js'))?.file.path).toContain(path.join('20261126100000000', 'client', '_astro', 'viejo.js'));
    expect(await previous.find('/pagefind/fragment/es_viejo.pf_fragment')).toBeDefined();
    // Pages and other folders always come from the current build.
    expect(await previous.find('/index.html')).toBeUndefined();
    expect(await previous.find('/_astro/../index.html')).toBeUndefined();

    await build('20261126120000000', 'otro');
    await activateBuild(builds, '20261126120000000');
    previous.reset();
    expect(await previous.find('/_astro/viejo.js')).toBeUndefined();
    expect(await previous.find('/_astro/nuevo.js')).toBeDefined();
  });
});
