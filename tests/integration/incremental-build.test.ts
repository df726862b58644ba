/**
 * Incremental rebuild (docs/decisions/013-reconstruccion-incremental.md): after a real full build, an approval, an edit, an unpublishing
 * and a rename each make a new build in which the home, the category pages, the search index and the sitemap show
 * the change, while pages the change does not touch stay the very same files (hard links to the full build's).
 */
import { mkdir, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { buildSite, countPages, rendererSettings, type BuildOptions } from '../../src/server/build/build-site.ts';
import { buildTree, entriesUnder, holds, locate } from '../../src/server/build/build-tree.ts';
import { readCurrentBuild } from '../../src/server/build/builds.ts';
import { buildIncrementally, rebuildSite } from '../../src/server/build/incremental-build.ts';
import { WarmRenderer } from '../../src/server/build/warm-renderer.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createTool } from './helpers/fixtures.ts';
import { loadServedSearch, slugOf } from './helpers/pagefind-node.ts';
import type { Pagefind, PagefindSearchOptions } from '../../src/features/search/pagefind.ts';
import type { NameEntry } from '../../src/lib/search/name-match.ts';
import { NO_SEARCH_CHANGES, SEARCH_CHANGES_PATH, type SearchChanges } from '../../src/lib/search/search-changes.ts';
import { SEARCH_CATEGORY_FILTER, SEARCH_PROMINENCE_SORT, SEARCH_TASK_FILTER, taskSortKey } from '../../src/lib/search/search.ts';
import { TASKS } from '../../src/lib/tasks/vocabulary.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the project (the server bundle resolves its packages from node_modules), apart from the site's own builds.
const buildsDir = path.join(root, 'builds', `prueba-incremental-${process.pid}`);
const pool = await useMigratedDatabase();
await seedCatalogue(pool);
// A catalogue small enough to build quickly, with one category of several pages.
await pool.query(`
  DELETE FROM posts WHERE id NOT IN (
    SELECT pc.post_id FROM post_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE c.slug IN ('imagen', 'escritura', 'audio', 'video', 'codigo')
  )`);
// Seeding stamps every page as changed this very second, and the full build below reads the database within the
// 5 s margin that counts a change that recent as newer than the build (stale-pages.ts): backdated, the seeded
// pages belong to the full build, as they would on a site started minutes ago.
await pool.query(`UPDATE posts SET page_changed_at = now() - interval '1 hour'`);

const PRERENDERED = 250;
/**
 * The tools the tests change are well inside the prerendered ones, whose pages are files: approvals, unpublishings
 * and title edits made by the tests, in any order, move a tool a few places at most.
 */
const SAFELY_PRERENDERED = PRERENDERED - 30;

// One renderer for every rebuild below, as a running site keeps it (docs/decisions/013).
const renderer = new WarmRenderer({ root });
const options: BuildOptions = {
  renderer,
  root,
  buildsDir,
  pool,
  databaseUrl: inject('databaseUrl'),
  databaseIdentity: 'prueba-incremental',
  siteUrl: 'http://localhost:4321',
  siteName: 'Brújula IA',
  googleSignIn: false,
  // Fewer than the catalogue's tools: the other tools' pages and alternatives pages are rendered on demand (decision 015).
  prerenderedTools: PRERENDERED,
};

interface Tool {
  id: string;
  slug: string;
  title: string;
  category: string;
}

/**
 * A published, live, not featured tool of that one category, with a full article (thin pages stay out of the
 * sitemap), among the prerendered ones. In slug order, which no title edit changes.
 */
async function toolOf(category: string, offset = 0): Promise<Tool> {
  const { rows } = await pool.query<Tool>(
    `WITH catalogue AS (
       SELECT id, row_number() OVER (ORDER BY editorial_rank ASC NULLS LAST, title, slug) AS place
       FROM posts WHERE status = 'published'
     )
     SELECT p.id, p.slug, p.title, c.slug AS category FROM posts p
     JOIN catalogue USING (id)
     JOIN post_categories pc ON pc.post_id = p.id JOIN categories c ON c.id = pc.category_id
     WHERE c.slug = $1 AND NOT p.is_featured AND p.discontinued_at IS NULL
       AND NOT p.article_is_template AND p.article_text_length >= 1000
       AND (SELECT count(*) FROM post_categories other WHERE other.post_id = p.id) = 1
       AND catalogue.place <= $3
     ORDER BY p.slug OFFSET $2 LIMIT 1`,
    [category, offset, SAFELY_PRERENDERED],
  );
  if (!rows[0]) throw new Error(`No hay herramienta ${offset + 1} de «${category}» entre las ${SAFELY_PRERENDERED} primeras`);
  return rows[0];
}

const client = async () => path.join((await readCurrentBuild(buildsDir))!.dir, 'client');
/** The files the site serves, through a layer (build-tree.ts) when the served build is one. */
const servedTree = async () => buildTree(buildsDir, (await readCurrentBuild(buildsDir))!);
const page = async (file: string) => readFile(locate(await servedTree(), file) ?? 'quitada', 'utf8');
const exists = async (file: string) => holds(await servedTree(), file);

/** The compressed copies (.gz, .br) a served file has, each checked to hold its bytes: a stale copy fails the test. */
async function freshCopies(file: string): Promise<string[]> {
  const tree = await servedTree();
  const body = await readFile(locate(tree, file)!);
  const found: string[] = [];
  for (const [suffix, decompress] of [
    ['.gz', gunzipSync],
    ['.br', brotliDecompressSync],
  ] as const) {
    if (!(await holds(tree, file + suffix))) continue;
    expect(decompress(await readFile(locate(tree, file + suffix)!)).equals(body), file + suffix).toBe(true);
    found.push(suffix);
  }
  return found;
}

/** Every page of a category, as one text: a tool may sit on any of them. */
async function categoryPages(slug: string): Promise<string> {
  const later = await entriesUnder(await servedTree(), path.join('categoria', slug, 'pagina'), { recursive: false });
  const files = [`categoria/${slug}.html`, ...later.filter((name) => name.endsWith('.html')).map((name) => `categoria/${slug}/pagina/${name}`)];
  return (await Promise.all(files.map(page))).join('\n');
}

/** The published tools in catalogue order (catalogueOrder in tools.ts), the order the prerendered ones are taken in. */
async function publishedInCatalogueOrder() {
  const { rows } = await pool.query<{ slug: string; live: boolean; featured: boolean }>(
    `SELECT slug, discontinued_at IS NULL AS live, is_featured AS featured FROM posts WHERE status = 'published'
     ORDER BY editorial_rank ASC NULLS LAST, title, slug`,
  );
  return rows;
}

/** The client folder of the full build the served one comes from (its server/ links there): kept while served. */
async function fullBuildClient(): Promise<string> {
  const served = (await readCurrentBuild(buildsDir))!.dir;
  return path.join(path.dirname(await realpath(path.join(served, 'server'))), 'client');
}

async function searchSlugs(query: string): Promise<string[]> {
  // A layer holds at most the changes since the full index of its full tree.
  const tree = await servedTree();
  const { pagefind } = await loadServedSearch(path.join(tree.baseDir, 'client'), tree.layer && path.join(tree.layer.dir, 'client'));
  const { results } = await pagefind.search(query);
  return Promise.all(results.slice(0, 10).map(slugOf));
}

/** Slugs of a search's first results, in a loaded search. */
async function slugsFor(pagefind: Pagefind, query: string): Promise<string[]> {
  const { results } = await pagefind.search(query);
  return Promise.all(results.slice(0, 10).map(slugOf));
}

interface SearchView {
  view: Pagefind;
  found: string[];
  /** The tool's title and slug in the names file. */
  named: NameEntry[];
  /** The slug of the result whose record the names and their records file say is the tool's (the search page fetches its card by it). */
  namedRecordOf?: string;
  /** Rankings as slugs, and counts, of searches the search page makes, to compare two ways of reading the index. */
  answers: unknown[];
}

/** The served search as the page reads it, asked what the search page asks about a tool of the writing category. */
async function searchView(slug: string): Promise<SearchView> {
  const tree = await servedTree();
  const { pagefind: view, names, recordSlugs } = await loadServedSearch(path.join(tree.baseDir, 'client'), tree.layer && path.join(tree.layer.dir, 'client'));
  const ranked = async (options: PagefindSearchOptions, query: string | null = null) => {
    const response = await view.search(query, options);
    return { slugs: await Promise.all(response.results.map(slugOf)), filters: response.filters, totalFilters: response.totalFilters };
  };
  const answers = [
    await ranked({ filters: { [SEARCH_TASK_FILTER]: 'escribir-textos' }, sort: { [taskSortKey('escribir-textos')]: 'asc' } }),
    await ranked({
      filters: { all: [{ [SEARCH_TASK_FILTER]: 'escribir-textos' }, { [SEARCH_CATEGORY_FILTER]: 'escritura' }] },
      sort: { [taskSortKey('escribir-textos')]: 'asc' },
    }),
    await ranked({ filters: { [SEARCH_CATEGORY_FILTER]: 'escritura' }, sort: { [SEARCH_PROMINENCE_SORT]: 'asc' } }),
    (await ranked({ filters: { [SEARCH_CATEGORY_FILTER]: ['escritura'] } }, 'textos')).totalFilters,
    (await ranked({ filters: { [SEARCH_CATEGORY_FILTER]: [] } }, 'textos')).filters,
    await view.filters(),
  ];
  const named = names.filter(([, entry]) => entry === slug);
  const namedHit = (await view.search('Segunda Pasada Buscable')).results.find((hit) => recordSlugs.get(hit.id) === slug);
  return {
    view,
    found: await slugsFor(view, 'Segunda Pasada Buscable'),
    named: named.map(([title, entry]) => [title, entry]),
    namedRecordOf: namedHit && (await slugOf(namedHit)),
    answers,
  };
}

/** The changes since the full index the served build lists. */
async function currentChanges(): Promise<SearchChanges> {
  return JSON.parse(await page(SEARCH_CHANGES_PATH.slice(1))) as SearchChanges;
}

async function incremental(): Promise<void> {
  const result = await buildIncrementally(options);
  if (result.kind !== 'built') throw new Error(`Se esperaba una reconstrucción incremental: ${result.reason}`);
}

let approved: Tool;
let unrelated: Tool;
/**
 * The published tools' slugs in catalogue order when the last full build read them: the tests run shuffled (the
 * integration command's --sequence.shuffle), and some approve, unpublish or rename a tool.
 */
let builtCatalogue: string[];
const rememberBuiltCatalogue = async () => {
  builtCatalogue = (await publishedInCatalogueOrder()).map((row) => row.slug);
};

beforeAll(async () => {
  await mkdir(buildsDir, { recursive: true });
  approved = await toolOf('imagen');
  unrelated = await toolOf('video');
  // Pending before the full build, approved after it.
  await pool.query(`UPDATE posts SET status = 'pending' WHERE id = $1`, [approved.id]);
  await buildSite({ ...options, force: true });
  await rememberBuiltCatalogue();
}, 900_000);

afterAll(async () => {
  await renderer.close();
  await rm(buildsDir, { recursive: true, force: true });
});

// Each step is a real rebuild: seconds on a quiet machine, much longer on a loaded one.
describe('incremental rebuild', { timeout: 300_000 }, () => {
  it('an approval reaches the home, its category, the search and the sitemap', async () => {
    const fullClient = await fullBuildClient();
    const untouched = {
      tool: await readFile(path.join(fullClient, `${unrelated.slug}.html`)),
      category: await readFile(path.join(fullClient, 'categoria/video.html')),
    };
    expect(await exists(`${approved.slug}.html`)).toBe(false);
    await pool.query(`UPDATE posts SET status = 'published', published_date = now() WHERE id = $1`, [approved.id]);
    await incremental();
    expect(await page(`${approved.slug}.html`)).toContain(approved.title);
    expect(await page('index.html')).toContain(`href="/${approved.slug}"`);
    expect(await page('categoria/imagen.html')).toContain(`href="/${approved.slug}"`);
    expect(await page('sitemap.xml')).toContain(`/${approved.slug}</loc>`);
    expect(await searchSlugs(approved.title)).toContain(approved.slug);
    // Pages the approval does not touch are the full build's files, not copies written again.
    const served = await client();
    expect(await readFile(path.join(served, `${unrelated.slug}.html`))).toEqual(untouched.tool);
    expect(await readFile(path.join(served, 'categoria/video.html'))).toEqual(untouched.category);
    for (const file of [`${unrelated.slug}.html`, `${unrelated.slug}.html.br`, 'categoria/video.html', 'categoria/video.html.gz']) {
      expect((await stat(path.join(served, file))).ino, file).toBe((await stat(path.join(fullClient, file))).ino);
    }
    // The full build's own files were never written over.
    expect(await stat(path.join(fullClient, `${approved.slug}.html`)).catch(() => null)).toBeNull();
    // Only the approved tool's search card was rendered; every other card is the full build's file.
    expect(await page(`pagefind/tarjetas/${approved.slug}.html`)).toContain(approved.title);
    const card = `pagefind/tarjetas/${unrelated.slug}.html`;
    expect((await stat(path.join(served, card))).ino).toBe((await stat(path.join(fullClient, card))).ino);
  });

  it('an edit reaches the tool page, its category and the search', async () => {
    const edited = await toolOf('escritura');
    const before = await categoryPages('escritura');
    const title = `${edited.title} Renovada`;
    await pool.query(`UPDATE posts SET title = $2 WHERE id = $1`, [edited.id, title]);
    await incremental();
    expect(await page(`${edited.slug}.html`)).toContain(title);
    expect(before).not.toContain(title);
    expect(await categoryPages('escritura')).toContain(title);
    expect(await searchSlugs('Renovada')).toContain(edited.slug);
    expect(await page(`pagefind/tarjetas/${edited.slug}.html`)).toContain(title);
    expect(await page('sitemap.xml')).toContain(`/${edited.slug}</loc>`);
  });

  it('prerenders the pages and alternatives pages of the first tools only, and a rebuild writes none past them', async () => {
    const rows = await publishedInCatalogueOrder();
    const limit = options.prerenderedTools;
    const first = new Set(builtCatalogue.slice(0, limit));
    const fullClient = await fullBuildClient();
    const prerendered = (await readdir(path.join(fullClient, 'alternativas'))).filter((name) => name.endsWith('.html'));
    expect(prerendered.length).toBeGreaterThan(limit / 2);
    expect(prerendered.filter((name) => !first.has(name.slice(0, -'.html'.length)))).toEqual([]);
    // The tool pages at the top level are exactly the first tools'.
    const published = new Set(builtCatalogue);
    const toolPages = (await readdir(fullClient)).filter((name) => name.endsWith('.html') && published.has(name.slice(0, -'.html'.length)));
    expect(toolPages.map((name) => name.slice(0, -'.html'.length)).sort()).toEqual([...first].sort());

    // Not featured: a featured tool is on every tool page, and its edit calls for a full build.
    const among = rows.slice(0, limit).find((row) => !row.featured && prerendered.includes(`${row.slug}.html`))!;
    // In this catalogue of five categories every live tool has three alternatives: this one has a page too, on demand.
    const past = rows.slice(limit + 10).find((row) => row.live && !row.featured)!;
    await pool.query(`UPDATE posts SET title = title || ' Revisada' WHERE slug = ANY($1)`, [[among.slug, past.slug]]);
    await incremental();
    expect(await page(`alternativas/${among.slug}.html`)).toMatch(/<h1[^>]*>Alternativas a [^<]* Revisada<\/h1>/);
    expect(await page(`${among.slug}.html`)).toMatch(/<h1[^>]*>[^<]* Revisada<\/h1>/);
    expect(await exists(`alternativas/${past.slug}.html`)).toBe(false);
    expect(await exists(`${past.slug}.html`)).toBe(false);
    // Still found by the search, which is built from the database.
    expect(await page(`pagefind/tarjetas/${past.slug}.html`)).toContain(' Revisada');
  });

  it('an unpublishing removes the page and takes the tool out of its category, the search and the sitemap', async () => {
    const withdrawn = await toolOf('audio');
    expect(await categoryPages('audio')).toContain(`href="/${withdrawn.slug}"`);
    await pool.query(`UPDATE posts SET status = 'withdrawn' WHERE id = $1`, [withdrawn.id]);
    await incremental();
    expect(await exists(`${withdrawn.slug}.html`)).toBe(false);
    expect(await exists(`${withdrawn.slug}.html.br`)).toBe(false);
    expect(await categoryPages('audio')).not.toContain(`href="/${withdrawn.slug}"`);
    expect(await page('sitemap.xml')).not.toContain(`/${withdrawn.slug}</loc>`);
    expect(await searchSlugs(withdrawn.title)).not.toContain(withdrawn.slug);
    expect(await exists(`pagefind/tarjetas/${withdrawn.slug}.html`)).toBe(false);
  });

  it('a rename moves the page to its new address in its category, the search and the sitemap', async () => {
    const renamed = await toolOf('codigo');
    const slug = `${renamed.slug}-nueva`;
    await pool.query(`UPDATE posts SET slug = $2 WHERE id = $1`, [renamed.id, slug]);
    await incremental();
    expect(await exists(`${renamed.slug}.html`)).toBe(false);
    expect(await page(`${slug}.html`)).toContain(renamed.title);
    const category = await categoryPages('codigo');
    expect(category).toContain(`href="/${slug}"`);
    expect(category).not.toContain(`href="/${renamed.slug}"`);
    const sitemap = await page('sitemap.xml');
    expect(sitemap).toContain(`/${slug}</loc>`);
    expect(sitemap).not.toContain(`/${renamed.slug}</loc>`);
    expect(await searchSlugs(renamed.title)).toContain(slug);
  });

  it('two rebuilds in a row with the same warm renderer each show their own change', async () => {
    const edited = await toolOf('imagen', 1);
    await pool.query(`UPDATE posts SET title = $2 WHERE id = $1`, [edited.id, `${edited.title} Primera`]);
    await incremental();
    expect(await page(`${edited.slug}.html`)).toContain(`${edited.title} Primera`);
    const rendererPid = renderer.pid;
    expect(rendererPid).toBeDefined();
    // The second rebuild reads the routes' lists again (once-per-build.ts): the tool page and its category show
    // the second title, not the one the same process read for the first rebuild.
    await pool.query(`UPDATE posts SET title = $2 WHERE id = $1`, [edited.id, `${edited.title} Segunda`]);
    await incremental();
    const toolPage = await page(`${edited.slug}.html`);
    expect(toolPage).toContain(`${edited.title} Segunda`);
    expect(toolPage).not.toContain(`${edited.title} Primera`);
    const category = await categoryPages('imagen');
    expect(category).toContain(`${edited.title} Segunda`);
    expect(category).not.toContain(`${edited.title} Primera`);
    expect(renderer.pid).toBe(rendererPid);
  });

  // A real full build: minutes on a loaded machine, as in beforeAll.
  it('a full build in between replaces the warm renderer with one on its own server bundle', { timeout: 900_000 }, async () => {
    const oldPid = renderer.pid;
    const full = await rebuildSite({ ...options, force: true });
    await rememberBuiltCatalogue();
    expect(full.info.incremental).toBeUndefined();
    const edited = await toolOf('escritura', 1);
    await pool.query(`UPDATE posts SET title = $2 WHERE id = $1`, [edited.id, `${edited.title} Tras la completa`]);
    await incremental();
    expect(await page(`${edited.slug}.html`)).toContain(`${edited.title} Tras la completa`);
    expect(renderer.pid).toBeDefined();
    expect(renderer.pid).not.toBe(oldPid);
    // The renderer runs the bundle the full build compiled, which the new build's server/ links to.
    const served = (await readCurrentBuild(buildsDir))!.dir;
    expect(await realpath(path.join(served, 'server'))).toBe(path.join(buildsDir, full.info.id, 'server'));
    expect((await readFile(`/proc/${renderer.pid}/cmdline`, 'utf8')).split('\0')).toContain(path.join(buildsDir, full.info.id, 'server'));
  });

  it('makes the tool, the home, its category and the search live first, and the pages that grow with the catalogue right after', async () => {
    const tool = await createTool(pool, { title: 'Primera Pasada Herramienta' });
    await pool.query(`INSERT INTO post_categories (post_id, category_id) SELECT $1, id FROM categories WHERE slug = 'imagen'`, [tool.id]);
    await pool.query(`UPDATE posts SET category_id = (SELECT id FROM categories WHERE slug = 'imagen'), published_date = now() WHERE id = $1`, [tool.id]);
    const served = await client();
    const secondPage = 'categoria/imagen/pagina/2.html';
    const servedSecondPage = (await stat(path.join(served, secondPage))).ino;
    let firstPass: { pending: string[]; home: string; category: string; found: string[]; secondPage: number } | undefined;
    const result = await buildIncrementally({
      ...options,
      onActivated: async (info) => {
        firstPass = {
          pending: info.pendingPaths ?? [],
          home: await page('index.html'),
          category: await page('categoria/imagen.html'),
          found: await searchSlugs('Primera Pasada Herramienta'),
          secondPage: (await stat(path.join(await client(), secondPage))).ino,
        };
      },
    });
    expect(result.kind).toBe('built');
    expect(firstPass).toBeDefined();
    expect(firstPass!.home).toContain(`href="/${tool.slug}"`);
    expect(firstPass!.category).toContain(`href="/${tool.slug}"`);
    expect(firstPass!.found).toContain(tool.slug);
    // Still the served build's file while the first pass is live: the second pass writes it.
    expect(firstPass!.secondPage).toBe(servedSecondPage);
    expect(firstPass!.pending).toEqual(expect.arrayContaining(['/categoria/imagen/pagina/2', '/sitemap.xml', '/ia-para/crear-imagenes']));
    const current = (await readCurrentBuild(buildsDir))!;
    expect(current.info.pendingPaths).toBeUndefined();
    expect((await stat(path.join(current.dir, 'client', secondPage))).ino).not.toBe(servedSecondPage);
  });

  it('at a large catalogue, finds the tool from the first pass through a small index of changes, and writes the full one in the second', async () => {
    const tool = await createTool(pool, { title: 'Segunda Pasada Buscable' });
    await pool.query(`INSERT INTO post_categories (post_id, category_id) SELECT $1, id FROM categories WHERE slug = 'escritura'`, [tool.id]);
    await pool.query(
      `UPDATE posts SET category_id = (SELECT id FROM categories WHERE slug = 'escritura'), published_date = now(), use_cases = ARRAY['escribir-textos'] WHERE id = $1`,
      [tool.id],
    );
    const edited = await toolOf('escritura', 6);
    await pool.query(`UPDATE posts SET description = 'Describe ahora una herramienta distinta: traduce contratos.' WHERE id = $1`, [edited.id]);
    let firstPass:
      (SearchView & { category: string; pending: string[]; layered: boolean; card: string; suggestions: string; compressed: string[][] }) | undefined;
    const result = await buildIncrementally({
      ...options,
      searchInFirstPassUpTo: 10,
      onActivated: async (info) => {
        firstPass = {
          ...(await searchView(tool.slug)),
          category: await page('categoria/escritura.html'),
          pending: info.pendingPaths ?? [],
          layered: info.layerOf !== undefined,
          card: await page(`pagefind/tarjetas/${tool.slug}.html`),
          suggestions: await page('pagefind/sugerencias.json'),
          // What the index of changes wrote, compressed with it.
          compressed: [await freshCopies(SEARCH_CHANGES_PATH.slice(1)), await freshCopies(`pagefind/tarjetas/${tool.slug}.html`)],
        };
      },
    });
    expect(result.kind).toBe('built');
    expect(firstPass!.category).toContain(`href="/${tool.slug}"`);
    expect(firstPass!.layered).toBe(true);
    expect(firstPass!.pending).toEqual(expect.arrayContaining(['/pagefind/tarjetas.json', '/pagefind/sugerencias.json']));
    expect(firstPass!.card).toContain('Segunda Pasada Buscable');
    // The header's suggestions too, not only after the second pass.
    expect(firstPass!.suggestions).toContain('Segunda Pasada Buscable');
    expect(firstPass!.compressed).toEqual([
      ['.gz', '.br'],
      ['.gz', '.br'],
    ]);
    expect(firstPass!.found).toContain(tool.slug);
    expect(firstPass!.named).toContainEqual(['Segunda Pasada Buscable', tool.slug]);
    expect(firstPass!.namedRecordOf).toBe(tool.slug);
    // The old description no longer finds the edited tool; the new one does.
    expect(await slugsFor(firstPass!.view, edited.title)).toContain(edited.slug);
    // Read through the changes, the first pass's search answers as the second pass's full index does: the same
    // rankings and the same counts, a filter applied or not.
    const secondPass = await searchView(tool.slug);
    expect(await currentChanges()).toEqual(NO_SEARCH_CHANGES);
    // What the full index wrote again, compressed with it.
    expect(await freshCopies('pagefind/nombres.json')).toEqual(['.gz', '.br']);
    expect(await freshCopies('pagefind/pagefind-entry.json')).toEqual(['.gz', '.br']);
    expect(firstPass!.named).toEqual(secondPass.named);
    expect(secondPass.namedRecordOf).toBe(tool.slug);
    for (const [index, answer] of firstPass!.answers.entries()) expect(answer, `respuesta ${index}`).toEqual(secondPass.answers[index]);
    expect((await readCurrentBuild(buildsDir))!.info.pages).toBe(await countPages(await client()));
  });

  it('at a large catalogue makes the first pass a layer over the served tree, and carries a layer a stopped rebuild left', async () => {
    const withdrawn = await toolOf('imagen', 2);
    const edited = await toolOf('escritura', 3);
    const before = await servedTree();
    await pool.query(`UPDATE posts SET status = 'withdrawn' WHERE id = $1`, [withdrawn.id]);
    // The process stops once the first pass is live: its layer stays served, owing the second pass's pages.
    const stopped = buildIncrementally({ ...options, searchInFirstPassUpTo: 10, onActivated: () => Promise.reject(new Error('parada')) });
    await expect(stopped).rejects.toThrow('parada');
    const layer = (await readCurrentBuild(buildsDir))!;
    expect(layer.info.layerOf).toBe(path.basename(before.baseDir));
    expect(layer.info.removedFiles).toContain(`${withdrawn.slug}.html`);
    expect(layer.info.pendingPaths).toEqual(expect.arrayContaining(['/sitemap.xml', '/pagefind/tarjetas.json']));
    // What the pass rendered, not a tree of hard links: the rest is the full tree's very files.
    const files = async (dir: string) => (await readdir(path.join(dir, 'client'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect((await files(layer.dir)).length).toBeLessThan((await files(before.baseDir)).length / 10);
    expect(locate(await servedTree(), `${unrelated.slug}.html`)).toBe(path.join(before.baseDir, 'client', `${unrelated.slug}.html`));
    expect(await exists(`${withdrawn.slug}.html`)).toBe(false);
    expect(await exists(`${withdrawn.slug}.html.br`)).toBe(false);

    const title = `${edited.title} Encima`;
    await pool.query(`UPDATE posts SET title = $2 WHERE id = $1`, [edited.id, title]);
    let firstPass: { layerOf?: string; removed: string[]; edited: string; withdrawnFound: string[]; editedFound: string[] } | undefined;
    const result = await buildIncrementally({
      ...options,
      searchInFirstPassUpTo: 10,
      onActivated: async (info) => {
        firstPass = {
          layerOf: info.layerOf,
          removed: info.removedFiles ?? [],
          edited: await page(`${edited.slug}.html`),
          withdrawnFound: await searchSlugs(withdrawn.title),
          editedFound: await searchSlugs('Encima'),
        };
      },
    });
    expect(result.kind).toBe('built');
    // A layer over the same full tree, not over the first layer, still without the withdrawn page.
    expect(firstPass).toMatchObject({ layerOf: path.basename(before.baseDir), removed: expect.arrayContaining([`${withdrawn.slug}.html`]) });
    expect(firstPass!.edited).toContain(title);
    // Its search, the full index of that tree read through both layers' changes: the withdrawal and the edit.
    expect(firstPass!.withdrawnFound).not.toContain(withdrawn.slug);
    expect(firstPass!.editedFound).toContain(edited.slug);
    const current = (await readCurrentBuild(buildsDir))!;
    expect(current.info.layerOf).toBeUndefined();
    expect(current.info.pendingPaths).toBeUndefined();
    expect(await exists(`${withdrawn.slug}.html`)).toBe(false);
    expect(await categoryPages('imagen')).not.toContain(`href="/${withdrawn.slug}"`);
    expect(await page('sitemap.xml')).not.toContain(`/${withdrawn.slug}</loc>`);
    expect(await searchSlugs(withdrawn.title)).not.toContain(withdrawn.slug);
    expect(await searchSlugs('Encima')).toContain(edited.slug);
    // Counted from what each pass added and took away, the same as listing the tree.
    expect(current.info.pages).toBe(await countPages(await client()));
  });

  it('gives its second pass up to a newer change, whose rebuild renders the pages the first one still owed', async () => {
    const [earlier, later] = [await toolOf('escritura', 4), await toolOf('escritura', 5)];
    await pool.query(`UPDATE posts SET title = $2 WHERE id = $1`, [earlier.id, `${earlier.title} Cedida`]);
    const result = await buildIncrementally({
      ...options,
      searchInFirstPassUpTo: 10,
      // An admin approving the next tool of a queue while the first pass goes live.
      onActivated: () => pool.query(`UPDATE posts SET title = $2 WHERE id = $1`, [later.id, `${later.title} Siguiente`]).then(() => undefined),
    });
    expect(result.kind).toBe('built');
    const layer = (await readCurrentBuild(buildsDir))!;
    expect(layer.info.layerOf).toBeDefined();
    expect(layer.info.pendingPaths).toEqual(expect.arrayContaining(['/sitemap.xml', '/pagefind/tarjetas.json']));
    expect(await page(`${earlier.slug}.html`)).toContain(`${earlier.title} Cedida`);
    // The first pass's small index of changes finds it; the newer change is not rebuilt yet.
    expect(await searchSlugs('Cedida')).toContain(earlier.slug);
    expect(await searchSlugs('Siguiente')).not.toContain(later.slug);

    await incremental();
    const current = (await readCurrentBuild(buildsDir))!;
    expect(current.info.layerOf).toBeUndefined();
    expect(current.info.pendingPaths).toBeUndefined();
    expect(await page(`${later.slug}.html`)).toContain(`${later.title} Siguiente`);
    expect(await searchSlugs('Cedida')).toContain(earlier.slug);
    expect(await searchSlugs('Siguiente')).toContain(later.slug);
  });

  it('a renderer asked to stop renders no more pages than those under way', async () => {
    const current = (await readCurrentBuild(buildsDir))!;
    const serverDir = await realpath(path.join(current.dir, 'server'));
    const scratch = path.join(buildsDir, 'cancelada');
    onTestFinished(() => rm(scratch, { recursive: true, force: true }));
    const paths = TASKS.map((task) => `/ia-para/${task.slug}`);
    const settings = rendererSettings(options);
    const written: string[] = [];
    const stopped = renderer.render(serverDir, settings, scratch, paths, (pathname) => written.push(pathname), undefined, AbortSignal.abort());
    await expect(stopped).rejects.toThrow(/cancelada/);
    expect(written.length).toBeLessThan(paths.length / 2);
    // The same renderer goes on with the next rebuild.
    const report = await renderer.render(serverDir, settings, scratch, paths.slice(0, 2), () => undefined);
    expect([...report.written].sort()).toEqual(paths.slice(0, 2).sort());
  });

  it('leaves a change it cannot tell apart to the full build', async () => {
    // Audio, not video: renaming a category marks its tools' pages, and the approval test keeps video untouched.
    await pool.query(`UPDATE categories SET name = name || ' IA' WHERE slug = 'audio'`);
    onTestFinished(() => pool.query(`UPDATE categories SET name = left(name, -3) WHERE slug = 'audio'`).then(() => undefined));
    expect(await buildIncrementally(options)).toMatchObject({ kind: 'full' });
  });

  it('never carries a settings change, even beside a tool edit: every page may show the settings', async () => {
    const edited = await toolOf('escritura', 2);
    await pool.query(`UPDATE posts SET description = description || ' Ahora también en móvil.' WHERE id = $1`, [edited.id]);
    await pool.query(
      `INSERT INTO site_settings (key, value) VALUES ('prueba-incremental', '{"cambio": 1}') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    onTestFinished(() => pool.query(`DELETE FROM site_settings WHERE key = 'prueba-incremental'`).then(() => undefined));
    expect(await buildIncrementally(options)).toMatchObject({ kind: 'full', reason: 'Cambiaron el código o la configuración del sitio.' });
  });
});
