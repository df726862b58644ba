import { describe, expect, it } from 'vitest';
import { loggableFailure } from './unavailable.ts';

describe('logging a failed read', () => {
  it('is one line without the query or its parameters while the database is unreachable', () => {
    const failure = new Error('Failed query: select 1 from sessions where token = $1\nparams: secreto', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    });
    expect(loggableFailure(failure)).toBe('base de datos no disponible (Failed query: select 1 from sessions where token = $1)');
  });

  it('keeps the whole error, stack included, when the database is not the cause', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'slug')");
    expect(loggableFailure(bug)).toBe(bug);
  });
});
