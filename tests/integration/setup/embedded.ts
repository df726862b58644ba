/** Global setup: the embedded PostgreSQL 18 on a temporary directory, as `npm start` runs it. */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../../src/server/db/embedded.ts';

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-embedded-'));
  // mkdtemp makes a private folder; as root, PostgreSQL runs as its own user and must pass through it to keep the data here.
  await chmod(dataDir, 0o711);
  const database = await startEmbeddedDatabase({ dataDir });
  project.provide('databaseUrl', database.url);
  project.provide('databaseKind', 'embedded');
  return async () => {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
