/**
 * The one way to write an endpoint. `endpoint({...})` returns an Astro APIRoute that does, in order: the
 * same-origin check, the session and permission check, per-user and per-IP rate limits, then the body size
 * limit, text checks (NUL, lone surrogates) and the zod parse with the schema the form also uses, the handler,
 * and the mapping of whatever it throws to a status and a Spanish message from ERROR_TABLE. Access comes before
 * the body on purpose: a guest's 5 MB upload is refused without reading a byte of it, and someone who may not
 * call an endpoint learns nothing about its fields.
 */
import type { APIContext, APIRoute } from 'astro';
import { can, type Permission } from '../../lib/permissions.ts';
import type { z } from '../../lib/zod.ts';
import type { SessionUser } from '../auth/auth.ts';
import { getPool } from '../db/client.ts';
import { serverEnv, trustedOrigins } from '../env.ts';
import { consumeRateLimits, type RateLimitRule } from '../ratelimit/limiter.ts';
import { AppError, errorResponse, json } from './errors.ts';

export { AppError, json } from './errors.ts';

/** Small JSON bodies (ids, prompts, options) fit in this many bytes with room to spare. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

type Need = 'user' | Permission;

/**
 * Who may call: 'public', 'user' (signed in), a permission, or one of those two with the endpoint's own wording
 * of the 401 and 403 (SPEC has 'Necesitas iniciar sesión para publicar.' and the like for some forms).
 */
type Access = 'public' | Need | { need: Need; signedOut?: string; forbidden?: string };

type UserFor<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;

type BodySpec =
  | { json: z.ZodType; maxBytes?: number; tooLarge?: string }
  /** multipart/form-data: text fields arrive as strings, files as File; a repeated name becomes an array. */
  | { form: z.ZodType; maxBytes: number; tooLarge?: string };

type BodyOf<B> = B extends { json: infer S extends z.ZodType } ? z.output<S> : B extends { form: infer S extends z.ZodType } ? z.output<S> : undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointInput<A extends Access, B, Q, P> {
  context: APIContext;
  request: Request;
  user: UserFor<A>;
  ip: string;
  body: BodyOf<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
}

export interface RateLimits {
  /** Names the counters, e.g. 'saves' gives saves:ip:<ip> and saves:user:<id>. */
  name: string;
  ip?: RateLimitRule;
  user?: RateLimitRule;
}

export interface EndpointSpec<A extends Access, B extends BodySpec | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  /**
   * 'public' (default): anyone, the user may be null; 'user': signed in; a permission: signed in and allowed;
   * `{ need, signedOut?, forbidden? }`: the same with this endpoint's Spanish texts for the 401 and the 403.
   */
  access?: A;
  /** Mutations must come from one of our pages; read-only GET and HEAD need not. */
  sameOrigin?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  limits?: RateLimits;
  /** A Response is sent as it is (streams, files, 204); anything else is sent as JSON; undefined is 204. */
  handle(input: EndpointInput<A, B, Q, P>): Promise<unknown>;
}

/**
 * True when the request comes from one of our own pages. Browsers always send Origin on cross-site POST, PUT,
 * PATCH and DELETE; without it, Sec-Fetch-Site decides; a request with neither (curl, server to server) carries
 * no victim's cookies, so it is allowed.
 */
export function isSameOrigin(request: Request, origins: readonly string[] = trustedOrigins(serverEnv())): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origins.includes(origin);
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/** The socket's address (or the trusted proxy's forwarded one, per Astro's security.allowedDomains). */
export function clientIp(context: Pick<APIContext, 'clientAddress'>): string {
  try {
    return context.clientAddress;
  } catch {
    return 'desconocida';
  }
}

const NUL = /\0/;
/** No form or API body of ours nests deeper; a deeper one is refused rather than walked. */
const MAX_DEPTH = 32;

/** Refuses NUL and unpaired surrogates anywhere in a parsed value (keys included) before any work is done. */
export function assertCleanText(value: unknown): void {
  // An explicit stack: a body nested thousands of levels deep must not exhaust the call stack.
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (NUL.test(current) || !current.isWellFormed()) throw new AppError('invalid_text');
      continue;
    }
    if (!current || typeof current !== 'object' || current instanceof Blob) continue;
    if (depth >= MAX_DEPTH) throw new AppError('bad_request');
    const entries = Array.isArray(current) ? current.map((item) => ['', item] as const) : Object.entries(current);
    for (const [key, item] of entries) pending.push({ value: key, depth }, { value: item, depth: depth + 1 });
  }
}

/** Reads at most maxBytes; null once the body passes it (a lying or absent Content-Length cannot get around it). */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The first message of each field, and the first message overall. */
function invalidInput(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    fields[field] ??= issue.message;
  }
  return new AppError('invalid_input', { message: error.issues[0]?.message, fields });
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  assertCleanText(value);
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}

function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

async function readBody(request: Request, spec: BodySpec): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const maxBytes = 'json' in spec ? (spec.maxBytes ?? DEFAULT_MAX_BODY_BYTES) : spec.maxBytes;
  if ('form' in spec && !type.startsWith('multipart/form-data')) throw new AppError('unsupported_type');
  const bytes = await readLimitedBytes(request, maxBytes);
  if (bytes === null) throw new AppError('too_large', { message: spec.tooLarge });
  if ('form' in spec) {
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
    } catch {
      throw new AppError('bad_request');
    }
    return parseWith(spec.form, formToObject(form));
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid_text');
  }
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('bad_request');
  }
  return parseWith(spec.json, raw);
}

/** Throws the table's 401 or 403 (with the endpoint's own texts, if it has them) unless the user may call. */
function checkAccess(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  const { need, signedOut, forbidden } = typeof access === 'string' ? { need: access } : access;
  if (!user) throw new AppError('not_signed_in', { message: signedOut });
  if (need !== 'user' && !can(user.role, need)) throw new AppError('forbidden', { message: forbidden });
}

async function checkLimits(limits: RateLimits, ip: string, user: SessionUser | null): Promise<void> {
  const checks: Array<{ key: string; rule: RateLimitRule }> = [];
  if (limits.ip) checks.push({ key: `${limits.name}:ip:${ip}`, rule: limits.ip });
  if (limits.user && user) checks.push({ key: `${limits.name}:user:${user.id}`, rule: limits.user });
  if (checks.length === 0) return;
  const verdict = await consumeRateLimits(getPool(), checks);
  if (!verdict.allowed) throw new AppError('rate_limited', { retryAfter: verdict.retryAfter });
}

export function endpoint<
  A extends Access = 'public',
  B extends BodySpec | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(spec: EndpointSpec<A, B, Q, P>): APIRoute {
  return async (context) => {
    const { request } = context;
    const label = `${request.method} ${context.url.pathname}`;
    try {
      const mutation = request.method !== 'GET' && request.method !== 'HEAD';
      if ((spec.sameOrigin ?? mutation) && !isSameOrigin(request)) throw new AppError('cross_site');
      const user = context.locals.user;
      checkAccess(spec.access ?? 'public', user);
      const ip = clientIp(context);
      if (spec.limits) await checkLimits(spec.limits, ip, user);
      const body = spec.body ? await readBody(request, spec.body) : undefined;
      const query = spec.query ? parseWith(spec.query, Object.fromEntries(context.url.searchParams)) : undefined;
      const params = spec.params ? parseWith(spec.params, context.params) : undefined;
      const result = await spec.handle({
        context,
        request,
        user: user as UserFor<A>,
        ip,
        body: body as BodyOf<B>,
        query: query as Parsed<Q>,
        params: params as Parsed<P>,
      });
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      return json(result);
    } catch (error) {
      return errorResponse(error, label);
    }
  };
}

/** Unknown API paths (src/pages/api/[...rest].ts): JSON, like every API answer. */
export const apiNotFound = endpoint({
  sameOrigin: false,
  handle: async () => {
    throw new AppError('not_found');
  },
});
