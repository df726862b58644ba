/**
 * The guard at the top of every on-demand page that needs a role: a guest goes to /login (and comes back after
 * signing in), a signed-in user without the permission gets the 403 page. Query functions check again.
 */
import type { AstroGlobal } from 'astro';
import { can, type Permission } from '../../lib/permissions.ts';
import { loginPathFor } from '../../lib/return-path.ts';
import type { SessionUser } from '../../server/auth/auth.ts';

export type PageAccess = { user: SessionUser; denied?: undefined } | { user?: undefined; denied: Response };

export async function requirePagePermission(
  astro: Pick<AstroGlobal, 'locals' | 'url' | 'redirect' | 'rewrite' | 'response'>,
  permission: Permission,
): Promise<PageAccess> {
  astro.response.headers.set('cache-control', 'private, no-store');
  const user = astro.locals.user;
  if (!user) return { denied: astro.redirect(loginPathFor(astro.url.pathname + astro.url.search)) };
  if (!can(user.role, permission)) return { denied: await astro.rewrite('/acceso-denegado') };
  return { user };
}
