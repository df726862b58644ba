/**
 * Whether a failure means "PostgreSQL cannot be reached right now" (stopped, restarting, recovering from a crash,
 * out of connections) rather than a fault in our code or data: the site answers those with 503 and Retry-After.
 */

/** Socket errors, and SQLSTATEs of class 08 (connection exception) and 57P0x/53300 (shutdown, start-up, full). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** node-postgres and pg-pool raise these as plain Errors with no code when a connection drops or cannot open. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Drizzle, better-auth and our own wrappers keep the driver's error as `cause`: a few levels are enough. */
const MAX_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < MAX_DEPTH && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = cause;
  }
  return false;
}

/** One log line for an error that isDatabaseUnavailable() recognises: its first line, without query or parameters. */
export function unavailableLine(error: unknown): string {
  return `base de datos no disponible (${String((error as Error)?.message ?? error).split('\n')[0]})`;
}

/** What to log for a failed background read: one line while PostgreSQL is unreachable (it repeats every second), else the whole error. */
export function loggableFailure(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? unavailableLine(error) : error;
}
