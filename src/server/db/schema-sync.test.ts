import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'brujula-drizzle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('Drizzle schema and SQL migrations', () => {
  it('are in sync: drizzle-kit finds nothing new to generate', () => {
    cpSync(path.join(root, 'supabase/migrations'), path.join(scratch, 'migrations'), { recursive: true });
    const config = path.join(scratch, 'drizzle.config.mjs');
    writeFileSync(
      config,
      `export default ${JSON.stringify({
        dialect: 'postgresql',
        schema: './src/server/db/schema.ts',
        // drizzle-kit only accepts paths relative to the working directory.
        out: path.relative(root, path.join(scratch, 'migrations')),
        migrations: { prefix: 'supabase' },
      })};`,
    );
    const before = readdirSync(path.join(scratch, 'migrations')).length;
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', config], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toMatch(/No schema changes/);
    expect(readdirSync(path.join(scratch, 'migrations')).length).toBe(before);
  });
});
