/**
 * Global setup: a throwaway PostgreSQL 15 cluster (Debian's binaries) on a free port.
 * TEST_POSTGRES_URL points the suite at an existing server instead; PG15_BIN_DIR overrides the binaries.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../src/server/db/embedded.ts';

const binDir = process.env.PG15_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

function postgresUid(): { uid: number; gid: number } {
  const line = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim();
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export default async function setup(project: TestProject) {
  project.provide('databaseKind', 'postgres15');
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('databaseUrl', process.env.TEST_POSTGRES_URL);
    return;
  }
  if (!existsSync(path.join(binDir, 'initdb'))) {
    throw new Error(`No se encuentra PostgreSQL 15 en ${binDir}: instala el paquete postgresql (apt-get install -y postgresql) o define TEST_POSTGRES_URL.`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'brujula-pg15-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: run its binaries as the postgres user then.
  const asRoot = userInfo().uid === 0;
  const run = (binary: string, args: string[]) => {
    const command = path.join(binDir, binary);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  project.provide('databaseUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
