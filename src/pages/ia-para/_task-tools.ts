/** The published tools every «IA para…» page ranks, read once per build (one query for all of them). */
import { readSearchRows, toRankable, type RankableSearchRow } from '../../server/search/search-index.ts';
import { getPool } from '../../server/db/client.ts';

let reading: Promise<RankableSearchRow[]> | undefined;

export function readTaskTools(): Promise<RankableSearchRow[]> {
  reading ??= readSearchRows(getPool()).then((rows) => rows.map(toRankable));
  return reading;
}
