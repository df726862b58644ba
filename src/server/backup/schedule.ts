/**
 * Daily backups of the embedded database: npm start (and npm run serve with the embedded database) writes one
 * copy a day at BACKUP_TIME (the server's local time) into DATA_DIR/backups with the code of npm run backup, and
 * keeps the newest BACKUP_KEEP. With DATABASE_URL the database is someone else's to back up (Supabase, RDS...).
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { writeBackup } from './backup.ts';

/** What the schedule needs from the configuration (ServerEnv has all of it). */
export interface BackupScheduleEnv {
  DATABASE_URL?: string;
  DATA_DIR: string;
  BACKUP_AUTO: boolean;
  BACKUP_TIME: string;
  BACKUP_KEEP: number;
}

export interface BackupFile {
  name: string;
  bytes: number;
  createdAt: Date;
}

/** Names this code writes: brujula-2026-11-25_03-00-00.tar.gz (UTC). Only such names are listed, pruned or served. */
export const BACKUP_NAME = /^brujula-(\d{4}-\d{2}-\d{2})_(\d{2})-(\d{2})-(\d{2})\.tar\.gz$/;

/** The folder of the scheduled copies. */
export function backupsDir(dataDir: string): string {
  return path.resolve(dataDir, 'backups');
}

/** The file name of a copy made at `at`, as npm run backup names it too. */
export function backupFileName(at: Date): string {
  return `brujula-${at.toISOString().slice(0, 19).replaceAll(':', '-').replace('T', '_')}.tar.gz`;
}

/** The first moment after `now` when the local clock reads `time` (HH:MM). */
export function nextBackupAt(now: Date, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const next = new Date(now);
  next.setHours(hours, minutes, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

/** The copies in `dir`, newest first; a missing folder means none yet. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files: BackupFile[] = [];
  for (const name of names) {
    const match = BACKUP_NAME.exec(name);
    if (!match) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (!info?.isFile()) continue;
    files.push({ name, bytes: info.size, createdAt: new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) });
  }
  return files.sort((a, b) => b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` copies; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const stale = (await listBackups(dir)).slice(keep).map((file) => file.name);
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  return stale;
}

/** One scheduled copy: written next to the others, then the oldest beyond `keep` removed. */
export async function takeScheduledBackup(options: { pool: pg.Pool; dataDir: string; keep: number; now?: Date }): Promise<{ file: string; pruned: string[] }> {
  const dir = backupsDir(options.dataDir);
  const file = path.join(dir, backupFileName(options.now ?? new Date()));
  await mkdir(dir, { recursive: true });
  await writeBackup({ pool: options.pool, uploadsDir: path.resolve(options.dataDir, 'uploads'), file });
  return { file, pruned: await pruneBackups(dir, options.keep) };
}

export interface BackupSchedule {
  stop(): void;
}

/** Starts the daily copy when it applies (embedded database, BACKUP_AUTO not false); otherwise does nothing. */
export function startBackupSchedule(options: { env: BackupScheduleEnv; pool: pg.Pool; log: (line: string) => void }): BackupSchedule {
  const { env, pool, log } = options;
  if (env.DATABASE_URL || !env.BACKUP_AUTO) return { stop: () => undefined };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = () => {
    const at = nextBackupAt(new Date(), env.BACKUP_TIME);
    timer = setTimeout(run, at.getTime() - Date.now());
    // A pending copy must not keep a stopping process alive.
    timer.unref();
  };
  const run = async () => {
    try {
      const { file, pruned } = await takeScheduledBackup({ pool, dataDir: env.DATA_DIR, keep: env.BACKUP_KEEP });
      log(`Copia de seguridad diaria en ${file}${pruned.length > 0 ? `; borradas ${pruned.length} antiguas` : ''}.`);
    } catch (error) {
      log(`La copia de seguridad diaria falló: ${(error as Error).message}`);
    }
    if (!stopped) plan();
  };
  plan();
  log(`Copias de seguridad diarias a las ${env.BACKUP_TIME} en ${backupsDir(env.DATA_DIR)} (se guardan ${env.BACKUP_KEEP}).`);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
