/**
 * better-auth's log, one line per message. Its default prints a failed query's whole driver error, whose text
 * carries the query's parameters (a session token on every page view while the database is down), and a stack
 * of forty lines per request: here each error is its message's first line and its causes', without parameters.
 */
type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Drizzle puts the parameters after the query, on the lines that follow it. */
function describe(value: unknown): string {
  if (!(value instanceof Error)) return typeof value === 'string' ? value : `(${typeof value})`;
  const chain: string[] = [];
  for (let current: unknown = value; current instanceof Error && chain.length < 5; current = current.cause) {
    chain.push(current.message.split('\n')[0]!);
  }
  return chain.join(' ← ');
}

export function authLogLine(message: string, args: unknown[]): string {
  const details = args.map(describe).join(' ');
  return `[Better Auth] ${message}${details ? `: ${details}` : ''}`;
}

export function authLog(level: AuthLogLevel, message: string, ...args: unknown[]): void {
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
  write(authLogLine(message, args));
}
