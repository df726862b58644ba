/**
 * Security headers for every response. HTML pages get a Content-Security-Policy whose script-src
 * lists the SHA-256 of each inline script the page carries (Astro's island loader, small hoisted scripts), so
 * no 'unsafe-inline' is needed for scripts; frame-ancestors 'none' stops any other site from framing us.
 */
import { createHash } from 'node:crypto';

export interface SecurityOptions {
  /** True when the site is served over https (SITE_URL), which turns on HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Where stored images live when not on this site (Supabase Storage): pages show and download them. */
  storageOrigins?: readonly string[];
}

// Inline scripts that the browser executes: no src, and no type or a JavaScript one (JSON-LD is data, not code).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPE = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b|application\/javascript\b)[^"'\s>]+/i;

/** The 'sha256-…' sources of a page's inline scripts, in order of appearance, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (EXECUTABLE_TYPE.test(attributes ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** Third-party origins a page may need beyond the site's own (the ad network's, when ads are on). */
export interface PolicySources {
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
}

const sourceList = (...lists: (readonly string[] | undefined)[]) => lists.flatMap((list) => list ?? []).join(' ');

/** The policy of an HTML page; `scriptHashes` come from inlineScriptHashes(page), `extra` only for pages that need it. */
export function pagePolicy(options: SecurityOptions, scriptHashes: readonly string[] = [], extra: PolicySources = {}): string {
  const storage = options.storageOrigins ?? [];
  const directives = [
    "default-src 'self'",
    // Pagefind's search runs WebAssembly; 'wasm-unsafe-eval' allows compiling it and nothing else.
    `script-src 'self' 'wasm-unsafe-eval' ${sourceList(scriptHashes, extra.script)}`.trim(),
    // Category colours and image ratios are style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${sourceList(storage)}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${sourceList(storage, extra.connect)}`.trim(),
    "media-src 'self' blob: https:",
    // Videos embedded in tool articles come from these players only (the editor's allowlist).
    `frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com ${sourceList(extra.frame)}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** For anything that is not a page (JSON, images, files): nothing may run or be framed. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers every response carries, whatever produced it. Pages replace the CSP with their own. */
export function baseSecurityHeaders(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': RESOURCE_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function isHtml(contentType: string | null | undefined): boolean {
  return (contentType ?? '').startsWith('text/html');
}

export function isScript(contentType: string | null | undefined): boolean {
  return /^(text|application)\/javascript/.test(contentType ?? '');
}
