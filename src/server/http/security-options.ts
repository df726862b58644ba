/** What the security headers depend on in this deployment, read from the configuration once. */
import { serverEnv } from '../env.ts';
import type { SecurityOptions } from './security-headers.ts';

export function securityOptions(): SecurityOptions {
  const env = serverEnv();
  const storageOrigins = env.STORAGE_DRIVER === 'supabase' && env.SUPABASE_URL ? [new URL(env.SUPABASE_URL).origin] : [];
  return { https: new URL(env.SITE_URL).protocol === 'https:', storageOrigins };
}
