import { describe, expect, it } from 'vitest';
import { authLogLine } from './auth-log.ts';

describe('better-auth log lines', () => {
  it('keep the first line of an error and of its causes, never the query parameters that follow', () => {
    const driver = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const query = new Error('Failed query: select "id" from "sessions" where "sessions"."token" = $1\nparams: SDt8J5iZQdWekyKxoe4xX7b7QCombY6T', {
      cause: driver,
    });
    const line = authLogLine('INTERNAL_SERVER_ERROR', [query]);
    expect(line).toBe(
      '[Better Auth] INTERNAL_SERVER_ERROR: Failed query: select "id" from "sessions" where "sessions"."token" = $1 ← connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(line).not.toContain('SDt8J5');
    expect(line.split('\n')).toHaveLength(1);
  });

  it('keeps plain text and names the type of anything else without printing it', () => {
    expect(authLogLine('Aviso', ['texto', { token: 'secreto' }])).toBe('[Better Auth] Aviso: texto (object)');
    expect(authLogLine('Solo el mensaje', [])).toBe('[Better Auth] Solo el mensaje');
  });
});
