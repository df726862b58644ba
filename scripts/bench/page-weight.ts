/**
 * What a page ships, gzip-compressed: its HTML, stylesheets and JavaScript (external scripts,
 * module preloads, island components and renderers, inline scripts, and the static imports of
 * those modules followed recursively). Each resource is counted once per page.
 * Islands that wait for the visitor to reach for them (client:intent) are counted apart: what the
 * page loads on its own, and what it adds once the visitor uses them.
 */
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  status: number;
  /** JavaScript the page loads without any interaction. */
  jsGzipBytes: number;
  /** JavaScript added when the visitor first uses a client:intent island. */
  onIntentJsGzipBytes: number;
  totalGzipBytes: number;
  jsFiles: number;
}

/** Directives whose island loads only once the visitor reaches for it. */
const ON_INTENT_DIRECTIVES = new Set(['intent']);

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function decodeEntities(value: string): string {
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
}

/** Script, stylesheet and island URLs of an HTML page, plus the bodies of its executable inline scripts. */
export function pageResources(html: string): { scripts: string[]; onIntentScripts: string[]; styles: string[]; inlineScripts: string[] } {
  const scripts: string[] = [];
  const onIntentScripts: string[] = [];
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
    const target = ON_INTENT_DIRECTIVES.has(attribute(match[0], 'client') ?? '') ? onIntentScripts : scripts;
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(match[0], name);
      if (url) target.push(decodeEntities(url));
    }
  }
  return { scripts, onIntentScripts, styles, inlineScripts };
}

/** Relative specifiers of a minified module's static imports and re-exports (not dynamic `import()`). */
export function staticImports(source: string): string[] {
  const found = new Set<string>();
  const patterns = [/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g, /(?:^|[;}\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.add(match[1]!);
  }
  return [...found].filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/'));
}

const gzipSize = (body: string | Uint8Array) => gzipSync(body, { level: 9 }).byteLength;

async function fetchText(url: string, headers?: HeadersInit): Promise<{ status: number; body: string }> {
  // A signed-in page that redirects has lost its session (it would weigh /login): its status is reported instead.
  const response = await fetch(url, { headers, redirect: headers ? 'manual' : 'follow', signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

/** `headers` go with the page's own request only (a session cookie for a signed-in page); its files are public. */
export async function measurePageWeight(origin: string, pathname: string, headers?: HeadersInit): Promise<PageWeight> {
  const pageUrl = new URL(pathname, origin);
  const page = await fetchText(pageUrl.href, headers);
  if (page.status !== 200) return { status: page.status, jsGzipBytes: 0, onIntentJsGzipBytes: 0, totalGzipBytes: 0, jsFiles: 0 };
  const { scripts, onIntentScripts, styles, inlineScripts } = pageResources(page.body);
  const sameOrigin = (href: string, base: URL) => {
    const url = new URL(href, base);
    return url.origin === pageUrl.origin ? url.href : undefined;
  };

  let cssGzip = 0;
  for (const href of new Set(styles.map((style) => sameOrigin(style, pageUrl)).filter((url) => url !== undefined))) {
    const sheet = await fetchText(href);
    if (sheet.status === 200) cssGzip += gzipSize(sheet.body);
  }

  const seen = new Set<string>();
  /** Gzip bytes of these modules and their static imports, skipping modules already counted. */
  const moduleGraphGzip = async (entries: string[]) => {
    let bytes = 0;
    const pending = entries.map((script) => sameOrigin(script, pageUrl)).filter((url) => url !== undefined);
    while (pending.length > 0) {
      const href = pending.pop()!;
      if (seen.has(href)) continue;
      seen.add(href);
      const module = await fetchText(href);
      if (module.status !== 200) continue;
      bytes += gzipSize(module.body);
      for (const specifier of staticImports(module.body)) {
        const imported = sameOrigin(specifier, new URL(href));
        if (imported && !seen.has(imported)) pending.push(imported);
      }
    }
    return bytes;
  };

  const inlineGzip = inlineScripts.reduce((sum, body) => sum + gzipSize(body), 0);
  const externalJsGzip = await moduleGraphGzip(scripts);
  const onLoadFiles = seen.size;
  const onIntentJsGzip = await moduleGraphGzip(onIntentScripts);

  // Inline scripts travel inside the HTML, so the total counts them once, as part of the page.
  return {
    status: 200,
    jsGzipBytes: inlineGzip + externalJsGzip,
    onIntentJsGzipBytes: onIntentJsGzip,
    totalGzipBytes: gzipSize(page.body) + cssGzip + externalJsGzip,
    jsFiles: onLoadFiles,
  };
}
