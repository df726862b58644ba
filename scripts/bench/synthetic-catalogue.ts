/**
 * Scratch databases for the build benchmarks: the seeded catalogue, optionally grown with synthetic
 * published tools written in SQL so that 10,000 tools take seconds to create rather than minutes.
 */
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { createPool } from '../../src/server/db/client.ts';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { migrate } from '../../src/server/db/migrate.ts';

// Names, verbs and objects combine into plausible Spanish-language tool listings.
const NAME_HEADS = [
  'Nova',
  'Lumen',
  'Quanta',
  'Vértice',
  'Brisa',
  'Cúmulo',
  'Faro',
  'Órbita',
  'Prisma',
  'Sintra',
  'Alba',
  'Eco',
  'Marea',
  'Cénit',
  'Trazo',
  'Nexo',
];
const NAME_TAILS = ['IA', 'Studio', 'Pro', 'Lab', 'Mente', 'Genio', 'Flow', 'Escribe', 'Visión', 'Voz', 'Datos', 'Pixel'];
const VERBS = ['crear', 'resumir', 'traducir', 'analizar', 'automatizar', 'editar', 'organizar', 'generar', 'mejorar', 'revisar'];
const OBJECTS = [
  'textos de marketing',
  'imágenes de producto',
  'informes financieros',
  'vídeos cortos',
  'presentaciones',
  'correos de clientes',
  'código fuente',
  'podcasts',
  'hojas de cálculo',
  'apuntes de clase',
];
const AUDIENCES = ['equipos pequeños', 'autónomos', 'estudiantes', 'agencias', 'tiendas en línea', 'desarrolladores'];

function sqlArray(values: string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`;
}

/** Inserts `count` published tools spread over the active categories, with their category links. */
export async function addSyntheticTools(url: string, count: number): Promise<void> {
  const pool = createPool(url, 1);
  try {
    // One statement, so the tools and their category links appear together or not at all.
    await pool.query(
      `WITH cats AS (
         SELECT id, name, row_number() OVER (ORDER BY slug) - 1 AS position, count(*) OVER () AS total
         FROM categories WHERE is_active
       ),
       words AS (
         SELECT ${sqlArray(NAME_HEADS)} AS heads, ${sqlArray(NAME_TAILS)} AS tails, ${sqlArray(VERBS)} AS verbs,
                ${sqlArray(OBJECTS)} AS objects, ${sqlArray(AUDIENCES)} AS audiences
       ),
       generated AS (
         SELECT n,
                w.heads[1 + n % array_length(w.heads, 1)] || ' ' || w.tails[1 + (n / 16) % array_length(w.tails, 1)] || ' ' || n AS title,
                w.verbs[1 + n % array_length(w.verbs, 1)] AS verb,
                w.objects[1 + (n / 10) % array_length(w.objects, 1)] AS object,
                w.audiences[1 + (n / 7) % array_length(w.audiences, 1)] AS audience
         FROM generate_series(1, $1::int) AS n, words w
       ),
       inserted AS (
         INSERT INTO posts (title, slug, description, content, url, keywords, pricing, status, category_id,
                            views, saved_count, is_popular, published_date, created_at, updated_at)
         SELECT g.title,
                'sintetica-' || g.n,
                g.title || ' usa inteligencia artificial para ' || g.verb || ' ' || g.object || ', pensada para ' || g.audience || '. Categoría: ' || c.name || '.',
                '<h2>¿Qué es ' || g.title || '?</h2><p>' || g.title || ' ayuda a ' || g.audience || ' a ' || g.verb || ' ' || g.object ||
                  ' en pocos minutos.</p><h2>Funciones principales</h2><ul><li>Plantillas listas para usar</li><li>Exportación a los formatos habituales</li><li>Colaboración en equipo</li></ul>',
                'https://' || 'sintetica-' || g.n || '.example',
                ARRAY[g.verb, g.object, lower(c.name)],
                (ARRAY['free', 'freemium', 'paid', 'open_source', 'unknown'])[1 + g.n % 5]::pricing_model,
                'published',
                c.id,
                -- bigint: past about 20,000 tools a 32-bit product overflows.
                (g.n::bigint * 7919) % 5000,
                (g.n::bigint * 104729) % 300,
                g.n % 50 = 0,
                now() - make_interval(mins => g.n),
                now() - make_interval(mins => g.n),
                now() - make_interval(mins => g.n)
         FROM generated g JOIN cats c ON c.position = g.n % c.total
         RETURNING id, category_id
       )
       INSERT INTO post_categories (post_id, category_id, position) SELECT id, category_id, 0 FROM inserted`,
      [count],
    );
  } finally {
    await pool.end();
  }
}

/** Creates (migrates and seeds) an embedded database in `dataDir` and adds synthetic tools until `total`. */
export async function prepareLargeCatalogue(dataDir: string, total: number): Promise<{ tools: number }> {
  const database = await startEmbeddedDatabase({ dataDir });
  try {
    const pool = createPool(database.url, 1);
    let published: number;
    try {
      await migrate(pool);
      await seedCatalogue(pool);
      const { rows } = await pool.query<{ count: string }>("SELECT count(*) FROM posts WHERE status = 'published'");
      published = Number(rows[0]!.count);
    } finally {
      await pool.end();
    }
    if (published < total) await addSyntheticTools(database.url, total - published);
    return { tools: Math.max(published, total) };
  } finally {
    await database.stop();
  }
}
