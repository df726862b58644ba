import { fileURLToPath } from 'node:url';

/** supabase/seed: the catalogue the site is seeded with. */
export const seedDir = fileURLToPath(new URL('../../../supabase/seed/', import.meta.url));
