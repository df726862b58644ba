/** The session id format (session_{timestamp}_{random}), without zod: browser scripts on every page import this. */

/** session_{timestamp}_{random}: created once per browser session (views) or per browser (anonymous images). */
export function createVisitorSessionId(now = Date.now(), random = Math.random): string {
  return `session_${now}_${random().toString(36).slice(2, 11).padEnd(9, '0')}`;
}
