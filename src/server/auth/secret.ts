/**
 * The secret that signs sessions and verification links. Production sets BETTER_AUTH_SECRET; a local
 * site (embedded database or development) gets a random one generated once and kept under DATA_DIR,
 * so it needs no setup and no secret ever ships in the code.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, serverEnv } from '../env.ts';

export interface SecretSource {
  secret: string | undefined;
  dataDir: string;
  /** True when one machine owns the data (embedded database or `astro dev`). */
  local: boolean;
}

export function resolveAuthSecret(source: SecretSource): string {
  if (source.secret) return source.secret;
  if (!source.local) {
    throw new ConfigError(
      'Falta BETTER_AUTH_SECRET: con una base de datos externa (DATABASE_URL) define un secreto aleatorio de al menos 32 caracteres, por ejemplo con openssl rand -base64 32.',
    );
  }
  const file = path.resolve(source.dataDir, 'auth-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  // 'wx' fails if another process wrote it first; then that one wins.
  try {
    writeFileSync(file, generated + '\n', { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

let siteSecretValue: string | undefined;

/** This site's secret as the auth instance resolves it, for other keyed hashes (e.g. of visitors' addresses). */
export function siteSecret(): string {
  if (siteSecretValue) return siteSecretValue;
  const env = serverEnv();
  siteSecretValue = resolveAuthSecret({
    secret: env.BETTER_AUTH_SECRET,
    dataDir: env.DATA_DIR,
    local: process.env.EMBEDDED_DATABASE === '1' || process.env.NODE_ENV === 'development',
  });
  return siteSecretValue;
}
