/** The catalogue's fact filters in SQL: the same meaning as matchesFactFilter in src/lib/tool-facts.ts. */
import { sql, type SQL } from 'drizzle-orm';
import type { FactFilter } from '../../../../lib/tool-facts.ts';
import { posts } from '../../schema.ts';

export const factFilterSql: Record<FactFilter, SQL> = {
  gratis: sql`(${posts.freePlan} = 'yes' OR ${posts.pricing} IN ('free', 'freemium'))`,
  'en-espanol': sql`(${posts.spanishInterface} = 'yes' OR ${posts.spanishOutput} = 'yes')`,
  'con-api': sql`('api' = ANY(${posts.platforms}))`,
  'codigo-abierto': sql`(${posts.openSource} = 'yes' OR ${posts.pricing} = 'open_source')`,
};
