/**
 * Typed errors and the one place where any error becomes an HTTP answer: the status and Spanish message come
 * from ERROR_TABLE, the cause goes to the log, and nothing technical reaches the visitor.
 */
import { ERROR_TABLE, SAYS_WHEN_TO_RETRY, waitText, type ErrorBody, type ErrorKind } from '../../lib/error-table.ts';
import { AiProviderError } from '../ai/types.ts';
import { isDatabaseUnavailable, unavailableLine } from '../db/unavailable.ts';

export interface AppErrorOptions {
  /** SPEC's own wording for this form, when it has one; the status still comes from the table. */
  message?: string;
  fields?: Record<string, string>;
  retryAfter?: number;
  cause?: unknown;
}

/** A situation with a row in ERROR_TABLE. Throw it from any handler or helper that runs inside `endpoint`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorKind;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;

  constructor(kind: ErrorKind, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_TABLE[kind].message, { cause: options.cause });
    this.kind = kind;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_TABLE[this.kind].status;
  }
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const sent = new Headers(headers);
  sent.set('content-type', 'application/json; charset=utf-8');
  if (!sent.has('cache-control')) sent.set('cache-control', 'private, no-store');
  return new Response(JSON.stringify(body), { status, headers: sent });
}

/** Seconds a client should wait before retrying while PostgreSQL is down: a supervised restart takes a few. */
export const DATABASE_RETRY_AFTER_S = 5;

/** The AppError an unknown failure stands for; unexpected ones are logged with their stack. */
export function toAppError(error: unknown, label: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof AiProviderError) {
    console.error(`[${label}] proveedor de IA: ${error.kind}: ${error.message}`);
    return new AppError(`ai_${error.kind}`, { cause: error });
  }
  // PostgreSQL is down or restarting: the visitor should retry, not read "error". One line, not a stack per request.
  if (isDatabaseUnavailable(error)) {
    console.error(`[${label}] ${unavailableLine(error)}`);
    return new AppError('unavailable', { cause: error, retryAfter: DATABASE_RETRY_AFTER_S });
  }
  console.error(`[${label}] error inesperado:`, error);
  return new AppError('internal', { cause: error });
}

/** The JSON answer for any error: `{ error, code, fields?, retryAfter? }` with the table's status. */
export function errorResponse(error: unknown, label = 'api'): Response {
  const problem = toAppError(error, label);
  const retry =
    problem.retryAfter !== undefined && SAYS_WHEN_TO_RETRY.has(problem.kind) ? ` Podrás volver a intentarlo en ${waitText(problem.retryAfter)}.` : '';
  const body: ErrorBody = { error: problem.message + retry, code: problem.kind };
  if (problem.fields) body.fields = problem.fields;
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (problem.retryAfter !== undefined) {
    body.retryAfter = problem.retryAfter;
    headers['retry-after'] = String(problem.retryAfter);
  }
  return json(body, problem.status, headers);
}
