import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { collectQueryCalls, type QueryCall } from './collect.ts';

const OPTIONS: ts.CompilerOptions = { allowImportingTsExtensions: true, noEmit: true, lib: ['lib.esnext.d.ts'], noResolve: true, types: [] };

/** Writes the files into a fresh folder and collects the `.query()` calls of the first one. */
function collect(files: Record<string, string>): QueryCall[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-sql-collect-'));
  const paths = Object.entries(files).map(([name, text]) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  });
  return collectQueryCalls(paths, OPTIONS).filter((call) => call.file === paths[0]);
}

const texts = (calls: QueryCall[]) => calls.map((call) => (call.kind === 'static' ? call.sql : `dinámica: ${call.source}`));

describe('collectQueryCalls', () => {
  it('reads string and template literals, with their line', () => {
    const calls = collect({ 'a.ts': `declare const db: any;\ndb.query('SELECT 1');\n\ndb.query(\`SELECT 2\`, []);` });
    expect(calls.map((call) => [call.line, call.kind === 'static' && call.sql])).toEqual([
      [2, 'SELECT 1'],
      [4, 'SELECT 2'],
    ]);
  });

  it('resolves constant fragments, also imported ones and fragment functions with constant arguments', () => {
    const calls = collect({
      'a.ts': `import { COLUMNS, columnsOf } from './b.ts';
        declare const db: any;
        const FROM = 'posts p';
        db.query(\`SELECT \${COLUMNS} FROM \${FROM}\`);
        db.query(\`SELECT \${columnsOf('p')} FROM posts p\`);`,
      'b.ts': `export const COLUMNS = 'id, ' + 'slug';
        export function columnsOf(table: string): string {
          const t = table;
          return \`\${t}.id, \${t}.slug\`;
        }`,
    });
    expect(texts(calls)).toEqual(['SELECT id, slug FROM posts p', 'SELECT p.id, p.slug FROM posts p']);
  });

  it('gives one statement per branch of a conditional and per value of a constant lookup table', () => {
    const calls = collect({
      'a.ts': `declare const db: any; declare const locked: boolean; declare const order: 'new' | 'old';
        const ORDERS: Record<'new' | 'old', string> = { new: 'created_at DESC', old: 'created_at' };
        db.query(\`SELECT id FROM posts ORDER BY \${ORDERS[order]}\${locked ? ' FOR UPDATE' : ''}\`);`,
    });
    expect(texts(calls)).toEqual([
      'SELECT id FROM posts ORDER BY created_at DESC FOR UPDATE',
      'SELECT id FROM posts ORDER BY created_at DESC',
      'SELECT id FROM posts ORDER BY created_at FOR UPDATE',
      'SELECT id FROM posts ORDER BY created_at',
    ]);
  });

  it('gives one statement per member of a union of string literals', () => {
    const calls = collect({
      'a.ts': `declare const db: any;
        function setFlag(column: 'is_featured' | 'is_popular') { return db.query(\`UPDATE posts SET \${column} = true\`); }`,
    });
    expect(texts(calls)).toEqual(['UPDATE posts SET is_featured = true', 'UPDATE posts SET is_popular = true']);
  });

  it('stands any number for a number, and lists text built at run time as dynamic', () => {
    const calls = collect({
      'a.ts': `declare const db: any; declare const limit: number; declare const columns: string[];
        db.query(\`SELECT id FROM posts LIMIT \${limit}\`);
        db.query(\`SELECT \${columns.join(', ')} FROM posts\`);`,
    });
    expect(texts(calls)).toEqual(['SELECT id FROM posts LIMIT 1', "dinámica: `SELECT ${columns.join(', ')} FROM posts`"]);
  });

  it('marks calls in a file that defines endpoint handlers', () => {
    const [handlerCall] = collect({ 'a.ts': `declare const db: any; declare function endpoint(o: object): void;\nendpoint({});\ndb.query('SELECT 1');` });
    const [queryCall] = collect({ 'b.ts': `declare const db: any;\ndb.query('SELECT 1');` });
    expect([handlerCall?.inHandler, queryCall?.inHandler]).toEqual([true, false]);
  });

  it('reads the properties of a concrete row type, and none of a type parameter', () => {
    const calls = collect({
      'a.ts': `declare const db: { query<T>(text: string): T };
        interface Row { id: string; slug?: string }
        db.query<Pick<Row, 'id'>>('SELECT id FROM posts');
        db.query<Row>('SELECT id, slug FROM posts');
        function read<T>() { return db.query<T>('SELECT 1'); }`,
    });
    expect(calls.map((call) => (call.kind === 'static' ? call.row : 'dinámica'))).toEqual([
      [{ name: 'id', optional: false }],
      [
        { name: 'id', optional: false },
        { name: 'slug', optional: true },
      ],
      undefined,
    ]);
  });
});
