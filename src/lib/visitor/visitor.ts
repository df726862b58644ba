/** Who is looking (registered, unregistered or incognito) and the per-browser-session id, shared by browser and server. */
import { z } from '../zod.ts';

export const VISITOR_TYPES = ['registered', 'unregistered', 'incognito'] as const;
export type VisitorType = (typeof VISITOR_TYPES)[number];

export { createVisitorSessionId } from './visitor-id.ts';

/** session_{timestamp}_{random}: created once per browser session (views) or per browser (anonymous images). */
export const visitorSessionId = z.string().regex(/^session_\d{10,16}_[a-z0-9]{6,16}$/, { error: 'Identificador de sesión no válido.' });

/** SPEC: incognito when the browser's agent text says so, else registered or unregistered by sign-in. */
export function visitorType(userAgent: string | null, signedIn: boolean): VisitorType {
  if (userAgent && /Incognito|Private/.test(userAgent)) return 'incognito';
  return signedIn ? 'registered' : 'unregistered';
}
