/**
 * Where uploaded and generated files live: STORAGE_DRIVER picks the driver once per
 * process. Callers see only the StorageDriver contract of driver.ts and store keys, never URLs.
 */
import path from 'node:path';
import { readEnv, type ServerEnv } from '../env.ts';
import type { StorageDriver } from './driver.ts';
import { LocalStorage } from './local.ts';
import { SupabaseStorage } from './supabase.ts';

type StorageEnv = Pick<
  ServerEnv,
  'STORAGE_DRIVER' | 'DATA_DIR' | 'SUPABASE_URL' | 'SUPABASE_SERVICE_ROLE_KEY' | 'SUPABASE_STORAGE_BUCKET' | 'SUPABASE_IMAGE_TRANSFORMATIONS'
>;

/** The driver the environment asks for (the env schema has already required the Supabase variables). */
export function createStorage(env: StorageEnv): StorageDriver {
  if (env.STORAGE_DRIVER === 'supabase') {
    return new SupabaseStorage({
      url: env.SUPABASE_URL!,
      serviceKey: env.SUPABASE_SERVICE_ROLE_KEY!,
      bucket: env.SUPABASE_STORAGE_BUCKET,
      transformations: env.SUPABASE_IMAGE_TRANSFORMATIONS,
    });
  }
  return new LocalStorage(path.resolve(env.DATA_DIR, 'uploads'));
}

let driver: StorageDriver | undefined;

export function getStorage(): StorageDriver {
  driver ??= createStorage(readEnv());
  return driver;
}
