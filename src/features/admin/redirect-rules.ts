/**
 * What a redirect may be («Redirecciones» in the admin panel), shared by the form and the server: from a path on this
 * site to a path or an absolute URL, with one of the HTTP redirect codes or 410 for an address gone on purpose.
 * Loops and chains need the whole table: the server checks them (redirects.server.ts).
 */
import { z } from '../../lib/zod.ts';

export const REDIRECT_STATUSES = [301, 302, 307, 308, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: '301 · permanente',
  302: '302 · temporal',
  307: '307 · temporal (conserva el método)',
  308: '308 · permanente (conserva el método)',
  410: '410 · eliminada (sin destino)',
};

/** Addresses the site itself needs: a redirect there would break the panel, sign-in, the API or the assets. */
const RESERVED = [/^\/admin(?:\/|$)/, /^\/api(?:\/|$)/, /^\/_astro(?:\/|$)/, /^\/pagefind(?:\/|$)/, /^\/media(?:\/|$)/, /^\/login$/, /^\/register$/];

/** '/ruta/' and '/ruta' are one address; the root stays '/'. Same rule as the server's table (http/redirects.ts). */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A from-path: starts with one '/', no query or fragment, no spaces or control characters, not reserved. */
export function fromPathProblem(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//')) return 'La dirección de origen debe empezar por / (por ejemplo /herramienta-antigua).';
  if (/[?#\s\\]|[\u0000-\u001f\u007f]/.test(path)) return 'La dirección de origen no puede llevar espacios, ? ni #.';
  if (normalizePath(path) === '/') return 'La portada no se puede redirigir.';
  if (RESERVED.some((pattern) => pattern.test(normalizePath(path))))
    return 'Esa dirección la usa el propio sitio (panel, acceso, API o archivos) y no se puede redirigir.';
  return null;
}

/** A target: a path on this site or an http(s) URL. */
export function targetProblem(target: string): string | null {
  if (target.startsWith('/') && !target.startsWith('//')) {
    return /[\s\\]|[\u0000-\u001f\u007f]/.test(target) ? 'El destino no puede llevar espacios.' : null;
  }
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'El destino debe ser una ruta (/…) o una dirección http:// o https://.';
  } catch {
    return 'El destino debe ser una ruta (/…) o una dirección http:// o https://.';
  }
}

/** The same address seen from this site: an absolute URL on our own origin becomes its path (for loop checks). */
export function localPathOf(target: string, siteOrigins: readonly string[]): string | null {
  if (target.startsWith('/')) return normalizePath(target.split(/[?#]/)[0]!);
  try {
    const url = new URL(target);
    return siteOrigins.includes(url.origin) ? normalizePath(url.pathname) : null;
  } catch {
    return null;
  }
}

const statusField = z.coerce
  .number({ error: 'Elige un código de la lista.' })
  .refine((value): value is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(value), { error: 'Elige un código de la lista.' });

export const redirectInput = z
  .object({
    fromPath: z.string().trim().min(1, { error: 'Escribe la dirección de origen.' }).max(500),
    toPath: z.string().trim().max(2000).default(''),
    statusCode: statusField,
  })
  .superRefine((value, context) => {
    const from = fromPathProblem(value.fromPath);
    if (from) context.addIssue({ code: 'custom', path: ['fromPath'], message: from });
    if (value.statusCode === 410) return;
    if (!value.toPath) {
      context.addIssue({ code: 'custom', path: ['toPath'], message: 'Escribe el destino, o elige 410 si la dirección ya no existe.' });
      return;
    }
    const target = targetProblem(value.toPath);
    if (target) context.addIssue({ code: 'custom', path: ['toPath'], message: target });
  })
  .transform((value) => ({
    fromPath: normalizePath(value.fromPath),
    toPath: value.statusCode === 410 ? null : value.toPath,
    statusCode: value.statusCode as RedirectStatus,
  }));
export type RedirectInput = z.output<typeof redirectInput>;

/** How a deleted tool's address answers from now on: 410, or a redirect to where the admin chose. */
export const goneInput = z
  .object({
    gone: z.enum(['410', 'redirect'], { error: 'Elige qué pasa con la dirección.' }).default('410'),
    to: z.string().trim().max(2000).default(''),
  })
  .superRefine((value, context) => {
    if (value.gone !== 'redirect') return;
    const problem = value.to ? targetProblem(value.to) : 'Escribe adónde se redirige la dirección de la herramienta.';
    if (problem) context.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
