/**
 * One check of a listed tool's own site: robots.txt first, then its homepage, every request through
 * safe-fetch and the host gate. The answer says what happened and whether it is evidence against the tool, in
 * words an admin can act on. Nothing here writes to the database.
 */
import { SafeFetchError, safeFetch, type Resolver, type SafeFetchFailure } from '../net/safe-fetch.ts';
import type { HostGate } from './host-gate.ts';
import { readPageMeta, type PageMeta } from '../net/page-meta.ts';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.ts';

export interface SiteCheckConfig {
  /** Sent with every request: names the site and where to read about it. */
  userAgent: string;
  /** Our name in robots.txt groups. */
  productToken: string;
  /** TEST ONLY host:port pairs on private addresses (SAFE_FETCH_ALLOW_HOSTS); empty in production. */
  allowHosts: readonly string[];
  /** TEST ONLY: resolves names without DNS (the fake website). */
  resolve?: Resolver;
  pageTimeoutMs: number;
  robotsTimeoutMs: number;
  /** A page is read up to this many bytes; its head is at the start. */
  maxPageBytes: number;
  maxRedirects: number;
}

export const SITE_CHECK_DEFAULTS = {
  productToken: 'BrujulaIA',
  pageTimeoutMs: 10_000,
  robotsTimeoutMs: 5_000,
  maxPageBytes: 1_048_576,
  maxRedirects: 5,
} as const;

/** The user agent of every catalogue request: who we are and where to find us. */
export function catalogueUserAgent(siteUrl: string): string {
  return `${SITE_CHECK_DEFAULTS.productToken}/1.0 (+${siteUrl}/; comprobación de enlaces del directorio)`;
}

/**
 * - ok: the site answered 2xx (moved: after redirects, on another registrable domain).
 * - failed: evidence against the tool (an error status, an unusable address), counted toward the flag.
 * - unreachable: no answer at all (DNS, connection, time-out). From here this looks the same as our own network
 *   being down, so the run decides whether it counts (see enrich.ts).
 * - inconclusive: the site refused robots (401, 403, 429) or its robots.txt forbids us: nothing learnt.
 */
export type SiteCheck =
  | { kind: 'ok'; status: number; finalUrl: string; moved: boolean; meta: PageMeta | null; truncated: boolean; durationMs: number }
  | { kind: 'failed'; status: number | null; finalUrl: string | null; error: string; durationMs: number }
  | { kind: 'unreachable'; reason: SafeFetchFailure; error: string; durationMs: number }
  | { kind: 'inconclusive'; status: number | null; finalUrl: string | null; error: string; durationMs: number };

/**
 * A tool's registrable domain, as the database's registrable_domain() computes it (www. and subdomains off); the
 * one TypeScript copy of that rule, held to the same cases as the SQL one by tests/integration/registrable-domain.test.ts.
 */
export function registrableDomain(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
  if (!host) return null;
  const parts = host.split('.');
  if (/^[\d.]+$/.test(host) || host.includes(':') || parts.length <= 2) return host.replace(/^www\./, '');
  const last = parts.at(-1)!;
  const second = parts.at(-2)!;
  if (last.length === 2 && ['co', 'com', 'org', 'net', 'gov', 'edu', 'ac', 'gob', 'nom'].includes(second)) return parts.slice(-3).join('.');
  return parts.slice(-2).join('.');
}

const REASONS: Record<SafeFetchFailure, string> = {
  invalid_url: 'La dirección no es válida.',
  scheme: 'La dirección no es http ni https.',
  dns: 'El nombre del dominio no se pudo resolver.',
  blocked_address: 'La dirección apunta a una red privada o local: no se visita.',
  too_many_redirects: 'Demasiadas redirecciones seguidas.',
  http_status: 'Respuesta HTTP no válida.',
  too_large: 'La respuesta es demasiado grande.',
  timeout: 'La web tardó demasiado en responder.',
  network: 'No se pudo conectar con la web.',
  not_page: 'La dirección no devolvió una página web.',
  not_image: 'La respuesta no es una imagen.',
};

/** Failures that an offline server would also see: they only count when the run shows we are online. */
const AMBIGUOUS: ReadonlySet<SafeFetchFailure> = new Set(['dns', 'timeout', 'network']);

export function describeFailure(error: SafeFetchError): string {
  return `${REASONS[error.reason]} (${error.message})`.slice(0, 500);
}

export class SiteChecker {
  private readonly robots = new Map<string, Promise<RobotsRules | SafeFetchError>>();
  private readonly config: SiteCheckConfig;
  private readonly gate: HostGate;

  constructor(config: SiteCheckConfig, gate: HostGate) {
    this.config = config;
    this.gate = gate;
  }

  /** GETs through safe-fetch, one request per host at a time. */
  fetch(url: URL, options: { accept: string; timeoutMs: number; maxBytes: number; truncate: boolean }) {
    return this.gate.run(url.host, () =>
      safeFetch(url.href, {
        ...options,
        userAgent: this.config.userAgent,
        allowHosts: this.config.allowHosts,
        resolve: this.config.resolve,
        maxRedirects: this.config.maxRedirects,
      }),
    );
  }

  /** The robots.txt rules of an origin, read once per run; a missing file allows everything. */
  rulesFor(origin: URL): Promise<RobotsRules | SafeFetchError> {
    let rules = this.robots.get(origin.origin);
    if (!rules) {
      rules = this.fetch(new URL('/robots.txt', origin), { accept: 'text/plain', timeoutMs: this.config.robotsTimeoutMs, maxBytes: 512 * 1024, truncate: true })
        .then((response) => {
          // RFC 9309: 4xx means no rules; 5xx means assume everything is forbidden for now.
          if (response.status >= 500) return DISALLOW_ALL;
          if (response.status < 200 || response.status >= 300) return ALLOW_ALL;
          const parsed = parseRobots(new TextDecoder().decode(response.body), this.config.productToken);
          if (parsed.crawlDelay) this.gate.slowDown(origin.host, parsed.crawlDelay);
          return parsed;
        })
        .catch((error: unknown) => {
          if (error instanceof SafeFetchError) return error;
          throw error;
        });
      this.robots.set(origin.origin, rules);
    }
    return rules;
  }

  async check(rawUrl: string | null): Promise<SiteCheck> {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    let url: URL;
    try {
      url = new URL(rawUrl ?? '');
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    } catch {
      return { kind: 'failed', status: null, finalUrl: null, error: REASONS.invalid_url, durationMs: elapsed() };
    }
    const rules = await this.rulesFor(url);
    if (rules instanceof SafeFetchError) return this.fromError(rules, elapsed());
    if (!rules.allows(url.pathname + url.search)) {
      return { kind: 'inconclusive', status: null, finalUrl: null, error: 'Su robots.txt no permite a este directorio leer la página.', durationMs: elapsed() };
    }
    try {
      const response = await this.fetch(url, {
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        timeoutMs: this.config.pageTimeoutMs,
        maxBytes: this.config.maxPageBytes,
        truncate: true,
      });
      const { status, finalUrl } = response;
      if (status === 401 || status === 403 || status === 429) {
        return { kind: 'inconclusive', status, finalUrl, error: `La web rechaza las visitas automáticas (HTTP ${status}).`, durationMs: elapsed() };
      }
      if (status < 200 || status >= 300) return { kind: 'failed', status, finalUrl, error: `La web respondió HTTP ${status}.`, durationMs: elapsed() };
      const html = response.contentType === 'text/html' || response.contentType === 'application/xhtml+xml';
      return {
        kind: 'ok',
        status,
        finalUrl,
        moved: registrableDomain(finalUrl) !== registrableDomain(url.href),
        meta: html ? readPageMeta(new TextDecoder().decode(response.body), finalUrl) : null,
        truncated: response.truncated,
        durationMs: elapsed(),
      };
    } catch (error) {
      if (error instanceof SafeFetchError) return this.fromError(error, elapsed());
      throw error;
    }
  }

  private fromError(error: SafeFetchError, durationMs: number): SiteCheck {
    if (AMBIGUOUS.has(error.reason)) return { kind: 'unreachable', reason: error.reason, error: describeFailure(error), durationMs };
    return { kind: 'failed', status: null, finalUrl: null, error: describeFailure(error), durationMs };
  }
}
