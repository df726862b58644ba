/**
 * /admin/copias: the daily copies of the embedded database (src/server/backup/schedule.ts) and their download.
 * A file is served only when its name is one of the listed copies, so no name can reach another file.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from '../../lib/zod.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { backupsDir, listBackups, type BackupFile } from '../../server/backup/schedule.ts';
import { serverEnv } from '../../server/env.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { assertAllowed } from '../../server/admin/admin-queries.ts';

export interface BackupsOverview {
  files: BackupFile[];
  /** Whether this server makes the daily copy (embedded database and BACKUP_AUTO not false). */
  scheduled: boolean;
  time: string;
  keep: number;
}

export async function readBackups(actor: Pick<SessionUser, 'role'> | null): Promise<BackupsOverview> {
  assertAllowed(actor, 'read:backup:any');
  const env = serverEnv();
  return {
    files: await listBackups(backupsDir(env.DATA_DIR)),
    scheduled: !env.DATABASE_URL && env.BACKUP_AUTO,
    time: env.BACKUP_TIME,
    keep: env.BACKUP_KEEP,
  };
}

/** GET /api/admin/copias/{nombre}: the copy as a download. */
export const downloadBackupEndpoint = endpoint({
  access: 'read:backup:any',
  // Any text: the name is matched against the listing below, never joined to a path as it came.
  params: z.object({ name: z.string().max(200) }),
  handle: async ({ params }) => {
    const dir = backupsDir(serverEnv().DATA_DIR);
    const file = (await listBackups(dir)).find((backup) => backup.name === params.name);
    if (!file) throw new AppError('not_found');
    const body = Readable.toWeb(createReadStream(path.join(dir, file.name))) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        'content-type': 'application/gzip',
        'content-length': String(file.bytes),
        'content-disposition': `attachment; filename="${file.name}"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
