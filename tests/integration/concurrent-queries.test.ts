/**
 * Several pool connections sending parameterized queries of different shapes at once: every answer must be
 * the one its own query asked for. pglite-socket 0.2 failed this (upstream electric-sql/pglite issue 1046):
 * it interleaved one client's Parse/Bind/Execute with another's on PGlite's single session.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../../src/server/db/client.ts';

const CONNECTIONS = 8;
// CONCURRENT_QUERIES_MS and CONCURRENT_QUERIES_BODY change the run for investigations (15000 ms; 20 characters,
// with which every query reaches the server in one read and PGlite's socket did not fail in 15 s).
const DURATION_MS = Number(process.env.CONCURRENT_QUERIES_MS ?? 3_000);
// Two of the four shapes carry a body this long, which reaches the server in several reads, as article HTML does.
const BODY_LENGTH = Number(process.env.CONCURRENT_QUERIES_BODY ?? 100_000);

const pool = createPool(inject('databaseUrl'), CONNECTIONS);
afterAll(async () => {
  await pool.query('DROP TABLE IF EXISTS concurrency_probe');
  await pool.end();
});

interface Tally {
  answered: number;
  wrong: number;
  failed: number;
  inserted: number;
  /** The first few wrong answers and errors, for the failure message. */
  samples: string[];
}

/** One query of one of four shapes, tagged so that its answer can only match this request. */
async function askOnce(worker: number, n: number, tally: Tally): Promise<void> {
  const tag = `w${worker}-${n}`;
  const note = (line: string) => {
    if (tally.samples.length < 5) tally.samples.push(`${tag}: ${line}`);
  };
  const check = (ok: boolean, got: unknown) => {
    tally.answered++;
    if (!ok) {
      tally.wrong++;
      note(`got ${JSON.stringify(got)}`);
    }
  };
  try {
    switch (n % 4) {
      case 0: {
        const { rows } = await pool.query('SELECT $1::int AS a', [n]);
        check(rows.length === 1 && Object.keys(rows[0]).join() === 'a' && rows[0].a === n, rows);
        break;
      }
      case 1: {
        const { rows } = await pool.query('SELECT $1::text AS b, $2::int AS c', [tag, n]);
        check(rows.length === 1 && Object.keys(rows[0]).join() === 'b,c' && rows[0].b === tag && rows[0].c === n, rows);
        break;
      }
      case 2: {
        const body = `<p>${tag}</p>`.padEnd(BODY_LENGTH, '·');
        const { rows } = await pool.query('INSERT INTO concurrency_probe (tag, n, body) VALUES ($1, $2, $3) RETURNING id, tag, n, length(body) AS length', [
          tag,
          n,
          body,
        ]);
        const ok =
          rows.length === 1 && Object.keys(rows[0]).join() === 'id,tag,n,length' && rows[0].tag === tag && rows[0].n === n && rows[0].length === BODY_LENGTH;
        if (ok) tally.inserted++;
        check(ok, rows);
        break;
      }
      default: {
        // Same parameters as the INSERT, other columns: bound to each other's statement they would answer silently.
        const body = `<p>${tag}</p>`.padEnd(BODY_LENGTH, '·');
        const { rows } = await pool.query('SELECT $1::text AS who, $2::int + 1 AS next, length($3::text) AS size', [tag, n, body]);
        const ok =
          rows.length === 1 && Object.keys(rows[0]).join() === 'who,next,size' && rows[0].who === tag && rows[0].next === n + 1 && rows[0].size === BODY_LENGTH;
        check(ok, rows);
      }
    }
  } catch (error) {
    tally.failed++;
    note((error as Error).message);
  }
}

describe('concurrent parameterized queries', () => {
  it(`answers each of ${CONNECTIONS} connections with its own query's rows, for ${DURATION_MS / 1000} s`, async () => {
    await pool.query('DROP TABLE IF EXISTS concurrency_probe');
    await pool.query('CREATE TABLE concurrency_probe (id bigserial PRIMARY KEY, tag text NOT NULL, n int NOT NULL, body text NOT NULL)');
    const tally: Tally = { answered: 0, wrong: 0, failed: 0, inserted: 0, samples: [] };
    const deadline = Date.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        // Each worker walks through the four shapes from a different starting point, so neighbours differ.
        for (let n = worker; Date.now() < deadline; n++) await askOnce(worker, n, tally);
      }),
    );
    const { rows } = await pool.query<{ count: string }>('SELECT count(*) FROM concurrency_probe');

    const summary = `${tally.answered + tally.failed} queries: ${tally.wrong} wrong answers, ${tally.failed} errors. ${tally.samples.join(' | ')}`;
    expect({ wrong: tally.wrong, failed: tally.failed }, summary).toEqual({ wrong: 0, failed: 0 });
    expect(Number(rows[0]!.count)).toBe(tally.inserted);
    // Enough traffic that interleaving had every chance to happen.
    expect(tally.answered).toBeGreaterThan(CONNECTIONS * 100);
  });
});
