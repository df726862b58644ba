/** The published tools every «IA para…» page ranks, read once per build (one query for all of them). */
import { readSearchRows, toRankable, type RankableSearchRow } from '../../server/search/search-index.ts';
import { oncePerBuild } from '../../server/build/once-per-build.ts';
import { getPool } from '../../server/db/client.ts';

export const readTaskTools: () => Promise<RankableSearchRow[]> = oncePerBuild(async () => (await readSearchRows(getPool())).map(toRankable));
