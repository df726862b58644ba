import { describe, expect, it } from 'vitest';
import { splitStatements } from './split.ts';

describe('splitStatements', () => {
  it('splits at the semicolons that end statements and drops empty ones', () => {
    expect(splitStatements('BEGIN; SELECT 1;\n  COMMIT;\n')).toEqual(['BEGIN', 'SELECT 1', 'COMMIT']);
  });

  it('keeps semicolons inside quotes, quoted names, dollar-quoted bodies and comments', () => {
    const sql = `SELECT 'a;b', "c;d" FROM t; -- x; y
CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END $body$ LANGUAGE plpgsql; /* e; f */ SELECT $$;$$, $1`;
    expect(splitStatements(sql)).toEqual([
      `SELECT 'a;b', "c;d" FROM t`,
      '-- x; y\nCREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END $body$ LANGUAGE plpgsql',
      '/* e; f */ SELECT $$;$$, $1',
    ]);
  });
});
