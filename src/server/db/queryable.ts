import type pg from 'pg';

/** A pool or a client inside a transaction: query functions take either, so a caller can group writes. */
export type Queryable = Pick<pg.Pool, 'query'>;
