/**
 * Part of npm run check: every SQL statement the code passes to `.query()` as constant text is parsed and
 * described by a throwaway embedded PostgreSQL with every migration applied, so a column or table that does not
 * exist (or a row type whose properties differ from the columns returned) fails before anything runs. Needs no
 * DATABASE_URL and no running server; statements built at run time are listed as dynamic. A `.query()` in a page
 * or in a file that defines endpoint handlers fails too: those call query functions.
 */
import { globSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { createPool } from '../src/server/db/client.ts';
import { startEmbeddedDatabase } from '../src/server/db/embedded.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { log, root, runCli } from './_cli.ts';
import { collectQueryCalls, type StaticCall } from './sql-check/collect.ts';
import { describeStatement, isDescribeError } from './sql-check/describe.ts';
import { rowMismatch } from './sql-check/row-shape.ts';
import { splitStatements } from './sql-check/split.ts';

// Only our own files and the standard library (for Pick and Omit in row types) are read: the libraries' types
// would triple the time without telling us anything about SQL.
const COMPILER_OPTIONS: ts.CompilerOptions = {
  allowImportingTsExtensions: true,
  noEmit: true,
  lib: ['lib.esnext.d.ts'],
  noResolve: true,
  types: [],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
};

/** The product's code: tests build scratch schemas of their own and are checked by running them. */
function sourceFiles(): string[] {
  return globSync(['src/**/*.{ts,tsx}', 'scripts/**/*.ts'], { cwd: root })
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(root, file));
}

/** The statement's line that PostgreSQL's error points at, or its first line. */
function quotedLine(statement: string, position: number | undefined): string {
  const lineStart = position === undefined ? 0 : statement.lastIndexOf('\n', position - 1) + 1;
  const lineEnd = statement.indexOf('\n', lineStart);
  return statement.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim();
}

/** A throwaway embedded server in a temporary folder, removed with its data by `stop`. */
async function startThrowawayDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-check-sql-'));
  // As root PostgreSQL runs as its own user, which must pass through this private folder (as in the tests' setup).
  await chmod(dataDir, 0o711);
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    const database = await startEmbeddedDatabase({ dataDir });
    return { url: database.url, stop: () => database.stop().finally(removeDir) };
  } catch (error) {
    await removeDir();
    throw error;
  }
}

await runCli(async () => {
  const started = Date.now();
  // initdb and the server start in child processes while the compiler reads the code.
  const starting = startThrowawayDatabase();
  const calls = collectQueryCalls(sourceFiles(), COMPILER_OPTIONS);
  const statics = calls.filter((call): call is StaticCall => call.kind === 'static');
  const failures: string[] = [];
  let statements = 0;
  let rowTypes = 0;
  const database = await starting;
  const pool = createPool(database.url, 1);
  try {
    await migrate(pool);
    const client = await pool.connect();
    try {
      for (const call of statics) {
        const where = `${path.relative(root, call.file)}:${call.line}`;
        const parts = splitStatements(call.sql);
        for (const statement of parts) {
          statements += 1;
          const result = await describeStatement(client, statement);
          if (isDescribeError(result)) {
            failures.push(`${where}: ${quotedLine(statement, result.position)}\n    PostgreSQL: ${result.message}`);
          } else if (call.row && parts.length === 1 && result.columns.length > 0) {
            rowTypes += 1;
            const mismatch = rowMismatch(call.row, result.columns);
            if (mismatch) failures.push(`${where}: ${quotedLine(statement, undefined)}\n    ${mismatch}`);
          }
        }
      }
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
  // docs/architecture.md: pages and endpoint handlers call query functions; the statements live with the queries.
  for (const call of calls.filter((call) => call.inHandler)) {
    failures.push(`${path.relative(root, call.file)}:${call.line}: SQL en una página o junto a manejadores de endpoint: llévalo a una función de consulta`);
  }
  const dynamic = calls.filter((call) => call.kind === 'dynamic');
  if (dynamic.length > 0) {
    log(`${dynamic.length} llamadas con SQL construido al ejecutarse (sin comprobar; candidatas al constructor de Drizzle):`);
    for (const call of dynamic) console.log(`  ${path.relative(root, call.file)}:${call.line}  ${call.source}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(
    `SQL: ${statements} sentencias de ${statics.length} llamadas comprobadas contra el esquema migrado (${rowTypes} con su tipo de fila) en ${seconds} s; ${dynamic.length} dinámicas.`,
  );
  if (failures.length > 0) {
    console.error(`\nSentencias que no encajan con el esquema (${failures.length}):\n\n${failures.join('\n\n')}\n`);
    process.exit(1);
  }
});
