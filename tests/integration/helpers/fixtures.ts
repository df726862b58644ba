/** Accounts and tools a test makes for itself: unique names, so tests share no rows and pass alone or in any order. */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { toolStatus, userRole } from '../../../src/server/db/schema.ts';

export interface TestAccount {
  id: string;
  name: string;
  email: string;
}

export interface TestTool {
  id: string;
  slug: string;
}

const uniqueSuffix = () => randomUUID().slice(0, 8);

/** A profile (better-auth's user row) with a fresh id and e-mail, a plain user unless told otherwise. */
export async function createAccount(pool: pg.Pool, options: { name?: string; role?: (typeof userRole.enumValues)[number] } = {}): Promise<TestAccount> {
  const suffix = uniqueSuffix();
  const name = options.name ?? `Persona ${suffix}`;
  const { rows } = await pool.query<TestAccount>(`INSERT INTO profiles (id, name, email, role) VALUES ($1, $2, $3, $4) RETURNING id, name, email`, [
    `cuenta-${suffix}`,
    name,
    `persona-${suffix}@ejemplo.es`,
    options.role ?? 'user',
  ]);
  return rows[0]!;
}

/** A tool with a fresh slug, published unless told otherwise. */
export async function createTool(pool: pg.Pool, options: { title?: string; status?: (typeof toolStatus.enumValues)[number] } = {}): Promise<TestTool> {
  const suffix = uniqueSuffix();
  const title = options.title ?? `Herramienta ${suffix}`;
  const { rows } = await pool.query<TestTool>(`INSERT INTO posts (title, slug, description, status) VALUES ($1, $2, $3, $4) RETURNING id, slug`, [
    title,
    `herramienta-${suffix}`,
    `Descripción de ${title}.`,
    options.status ?? 'published',
  ]);
  return rows[0]!;
}
