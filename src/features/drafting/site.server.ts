/**
 * Reads a tool's own site for its draft: its robots.txt first (a site that forbids us is not read), its homepage and,
 * when the homepage links one, its pricing page; every request through safe-fetch (public addresses only, size and
 * time caps) and the link checker's host gate (one request at a time per host, a pause between two).
 */
import { HostGate } from '../../server/catalogue/host-gate.ts';
import { SITE_CHECK_DEFAULTS, SiteChecker } from '../../server/catalogue/site-check.ts';
import { htmlToText } from '../../server/html/sanitize.ts';
import { SafeFetchError, type Resolver } from '../../server/net/safe-fetch.ts';
import { readPageMeta, withoutHiddenText } from '../../server/net/page-meta.ts';
import { AppError } from '../../server/http/errors.ts';
import { DRAFT_LIMITS, pricingLink, type DraftPage } from './prompt.ts';

export interface SiteReaderOptions {
  siteUrl: string;
  /** TEST ONLY host:port pairs on private addresses (SAFE_FETCH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** TEST ONLY: resolves names without DNS (the fake website). */
  resolve?: Resolver;
  /** Pause between two requests to the same host. */
  hostDelayMs?: number;
}

/** Who reads the page, and why, for the site's logs. */
export function draftUserAgent(siteUrl: string): string {
  return `${SITE_CHECK_DEFAULTS.productToken}/1.0 (+${siteUrl}/; borrador de ficha del directorio, revisado por una persona)`;
}

/** A page as the model reads it: its title and description, then its visible text, scripts and styles left out. */
export function pageText(html: string, pageUrl: string): string {
  const meta = readPageMeta(html, pageUrl);
  const bodyAt = html.search(/<body[\s>]/i);
  const body = htmlToText(withoutHiddenText(bodyAt >= 0 ? html.slice(bodyAt) : html));
  return [meta.title, meta.description, body].filter(Boolean).join('\n');
}

export interface ToolSite {
  homepage: DraftPage;
  pricing: DraftPage | null;
}

function unreachable(cause: unknown): AppError {
  return new AppError('draft_site_unreachable', { cause });
}

/** The homepage and pricing page as text; a Spanish AppError when robots.txt forbids it or the site cannot be read. */
export async function readToolSite(rawUrl: string, options: SiteReaderOptions, signal?: AbortSignal): Promise<ToolSite> {
  const checker = new SiteChecker(
    {
      ...SITE_CHECK_DEFAULTS,
      userAgent: draftUserAgent(options.siteUrl),
      allowHosts: options.allowHosts,
      resolve: options.resolve,
      maxPageBytes: DRAFT_LIMITS.pageBytes,
    },
    new HostGate({ delayMs: options.hostDelayMs ?? 1_000 }),
  );
  const readPage = async (url: URL): Promise<(DraftPage & { html: string }) | 'forbidden'> => {
    const rules = await checker.rulesFor(url);
    if (rules instanceof SafeFetchError) throw unreachable(rules);
    if (!rules.allows(url.pathname + url.search)) return 'forbidden';
    if (signal?.aborted) throw unreachable(signal.reason);
    try {
      const response = await checker.fetch(url, {
        accept: 'text/html,application/xhtml+xml;q=0.9',
        timeoutMs: SITE_CHECK_DEFAULTS.pageTimeoutMs,
        maxBytes: DRAFT_LIMITS.pageBytes,
        truncate: true,
      });
      const html = response.contentType === 'text/html' || response.contentType === 'application/xhtml+xml';
      if (response.status !== 200 || !html) throw unreachable(new Error(`HTTP ${response.status} ${response.contentType}`));
      const source = new TextDecoder().decode(response.body);
      return { url: response.finalUrl, text: pageText(source, response.finalUrl), html: source };
    } catch (error) {
      if (error instanceof SafeFetchError) throw unreachable(error);
      throw error;
    }
  };

  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch (error) {
    throw unreachable(error);
  }
  const homepage = await readPage(url);
  if (homepage === 'forbidden') throw new AppError('draft_robots');
  const { html, ...home } = homepage;
  const pricingUrl = pricingLink(html, home.url);
  // The pricing page only adds detail: a site that hides it from us, or fails on it, still gets its draft.
  const pricing = pricingUrl ? await readPage(new URL(pricingUrl)).catch(() => null) : null;
  return { homepage: home, pricing: pricing && pricing !== 'forbidden' ? { url: pricing.url, text: pricing.text } : null };
}
