/**
 * What a page ships, gzip-compressed: its HTML, stylesheets and JavaScript (external scripts,
 * module preloads, island components and renderers, inline scripts, and the static imports of
 * those modules followed recursively). Each resource is counted once per page.
 */
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  status: number;
  jsGzipBytes: number;
  totalGzipBytes: number;
  jsFiles: number;
}

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function decodeEntities(value: string): string {
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
}

/** Script, stylesheet and island URLs of an HTML page, plus the bodies of its executable inline scripts. */
export function pageResources(html: string): { scripts: string[]; styles: string[]; inlineScripts: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const inlineScripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script${match[1]}>`;
    const type = (attribute(tag, 'type') ?? '').toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    const src = attribute(tag, 'src');
    if (src) scripts.push(decodeEntities(src));
    else if (match[2]!.trim()) inlineScripts.push(match[2]!);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(match[0], 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(match[0], 'href');
    if (!href) continue;
    if (rel.includes('stylesheet')) styles.push(decodeEntities(href));
    else if (rel.includes('modulepreload')) scripts.push(decodeEntities(href));
  }
  // Astro islands load their component and framework renderer as modules.
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(match[0], name);
      if (url) scripts.push(decodeEntities(url));
    }
  }
  return { scripts, styles, inlineScripts };
}

/** Relative specifiers of a minified module's static imports and re-exports (not dynamic `import()`). */
export function staticImports(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
    /(?:^|[;}\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.add(match[1]!);
  }
  return [...found].filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/'));
}

const gzipSize = (body: string | Uint8Array) => gzipSync(body, { level: 9 }).byteLength;

async function fetchText(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

export async function measurePageWeight(origin: string, pathname: string): Promise<PageWeight> {
  const pageUrl = new URL(pathname, origin);
  const page = await fetchText(pageUrl.href);
  if (page.status !== 200) return { status: page.status, jsGzipBytes: 0, totalGzipBytes: 0, jsFiles: 0 };
  const { scripts, styles, inlineScripts } = pageResources(page.body);
  const sameOrigin = (href: string, base: URL) => {
    const url = new URL(href, base);
    return url.origin === pageUrl.origin ? url.href : undefined;
  };

  let cssGzip = 0;
  for (const href of new Set(styles.map((style) => sameOrigin(style, pageUrl)).filter((url) => url !== undefined))) {
    const sheet = await fetchText(href);
    if (sheet.status === 200) cssGzip += gzipSize(sheet.body);
  }

  const inlineGzip = inlineScripts.reduce((sum, body) => sum + gzipSize(body), 0);
  let externalJsGzip = 0;
  const seen = new Set<string>();
  const pending = scripts.map((script) => sameOrigin(script, pageUrl)).filter((url) => url !== undefined);
  while (pending.length > 0) {
    const href = pending.pop()!;
    if (seen.has(href)) continue;
    seen.add(href);
    const module = await fetchText(href);
    if (module.status !== 200) continue;
    externalJsGzip += gzipSize(module.body);
    for (const specifier of staticImports(module.body)) {
      const imported = sameOrigin(specifier, new URL(href));
      if (imported && !seen.has(imported)) pending.push(imported);
    }
  }

  // Inline scripts travel inside the HTML, so the total counts them once, as part of the page.
  return {
    status: 200,
    jsGzipBytes: inlineGzip + externalJsGzip,
    totalGzipBytes: gzipSize(page.body) + cssGzip + externalJsGzip,
    jsFiles: seen.size,
  };
}
