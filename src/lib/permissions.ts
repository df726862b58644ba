/**
 * What each role may do, as data: the server checks these before every mutation and the pages read
 * the same table to decide which buttons to show. `own` acts on the user's own rows, `any` on everyone's.
 */
export type Role = 'user' | 'admin';

const USER_PERMISSIONS = [
  'save:post:own',
  'publish:post:own',
  'update:post:own',
  'delete:post:own',
  'save:image:own',
  'save:description:own',
  'update:profile:own',
  // A maker's claim of a tool and, once verified, their proposed changes to its listing.
  'claim:post:own',
  'review:post:own',
] as const;

const ADMIN_PERMISSIONS = [
  ...USER_PERMISSIONS,
  'read:post:any',
  'update:post:any',
  'moderate:post:any',
  // Vouch for a tool's facts (facts_checked_at / facts_checked_by): an author's facts are only claims.
  'check:facts:any',
  'delete:post:any',
  'manage:user:any',
  'manage:redirect:any',
  'manage:category:any',
  'manage:settings:any',
  'moderate:generated:any',
  'rebuild:site:any',
  'read:audit:any',
  'read:backup:any',
  'read:search-demand:any',
  'moderate:report:any',
  'moderate:claim:any',
  // «Redactar con IA»: ask the text model for a draft article and facts, then accept or discard it.
  'draft:post:any',
  'moderate:review:any',
] as const;

export type Permission = (typeof ADMIN_PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  user: new Set(USER_PERMISSIONS),
  admin: new Set(ADMIN_PERMISSIONS),
};

/** Whether a visitor with this role (null: signed out) may do this. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].has(permission) : false;
}
