/**
 * What a page ships, in bytes on the wire: its HTML, stylesheets and JavaScript (external scripts,
 * module preloads, island components and renderers, inline scripts, and the static imports of
 * those modules followed recursively), each asked for as a browser does (Accept-Encoding: br, gzip)
 * and counted as the server sends it, compressed or not. Each resource is counted once per page.
 * Inline scripts travel inside the HTML: their share is their gzip size, the page's compression.
 * Islands that wait for the visitor to reach for them (client:intent) are counted apart: what the
 * page loads on its own, and what it adds once the visitor uses them. So are the modules a page's scripts
 * load with `import()` once they run (the publish form's editor): they arrive after the first paint.
 */
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

export interface PageWeight {
  status: number;
  /** The page's HTML as sent. */
  htmlBytes: number;
  /** How the server sent the HTML: 'br', 'gzip' or 'ninguna'. */
  htmlEncoding: string;
  /** JavaScript the page loads without any interaction. */
  jsBytes: number;
  /** JavaScript added when the visitor first uses a client:intent island. */
  onIntentJsBytes: number;
  /** JavaScript the loaded modules fetch with `import()` once they run: after the first paint, or on use. */
  deferredJsBytes: number;
  totalBytes: number;
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

/** Relative specifiers a minified module loads with `import("…")` (Vite writes them as string or template literals). */
export function dynamicImports(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/\bimport\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)) found.add(match[1]!);
  return [...found].filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/'));
}

const gzipSize = (body: string | Uint8Array) => gzipSync(body, { level: 9 }).byteLength;

interface Fetched {
  status: number;
  body: string;
  /** Bytes of the body as they crossed the network. */
  wireBytes: number;
  encoding: string;
}

/** GET as a browser asks, counting the bytes the server really sends; fetch() would hide them by decoding. */
function fetchOnWire(url: string, headers: Record<string, string> = {}, redirects = 3): Promise<Fetched> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers: { 'accept-encoding': 'br, gzip', ...headers }, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        // A signed-in page that redirects has lost its session (it would weigh /login): its status is reported instead.
        if (status >= 300 && status < 400 && location && redirects > 0 && !headers.cookie) {
          fetchOnWire(new URL(location, url).href, headers, redirects - 1).then(resolve, reject);
          return;
        }
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'] ?? 'ninguna';
        const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status, body: decoded.toString('utf8'), wireBytes: raw.length, encoding });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`Sin respuesta en 10 s: ${url}`)));
    request.on('error', reject);
  });
}

/** `headers` go with the page's own request only (a session cookie for a signed-in page); its files are public. */
export async function measurePageWeight(origin: string, pathname: string, headers?: Record<string, string>): Promise<PageWeight> {
  const pageUrl = new URL(pathname, origin);
  const page = await fetchOnWire(pageUrl.href, headers);
  if (page.status !== 200) {
    return { status: page.status, htmlBytes: 0, htmlEncoding: '', jsBytes: 0, onIntentJsBytes: 0, deferredJsBytes: 0, totalBytes: 0, jsFiles: 0 };
  }
  const { scripts, onIntentScripts, styles, inlineScripts } = pageResources(page.body);
  const sameOrigin = (href: string, base: URL) => {
    const url = new URL(href, base);
    return url.origin === pageUrl.origin ? url.href : undefined;
  };

  let cssBytes = 0;
  for (const href of new Set(styles.map((style) => sameOrigin(style, pageUrl)).filter((url) => url !== undefined))) {
    const sheet = await fetchOnWire(href);
    if (sheet.status === 200) cssBytes += sheet.wireBytes;
  }

  const seen = new Set<string>();
  /** Modules named by an `import()` in what was fetched so far: loaded later, weighed apart. */
  const deferred: string[] = [];
  /** Bytes on the wire of these modules and their static imports, skipping modules already counted. */
  const moduleGraphBytes = async (entries: string[]) => {
    let bytes = 0;
    const pending = entries.map((script) => sameOrigin(script, pageUrl)).filter((url) => url !== undefined);
    while (pending.length > 0) {
      const href = pending.pop()!;
      if (seen.has(href)) continue;
      seen.add(href);
      const module = await fetchOnWire(href);
      if (module.status !== 200) continue;
      bytes += module.wireBytes;
      for (const specifier of staticImports(module.body)) {
        const imported = sameOrigin(specifier, new URL(href));
        if (imported && !seen.has(imported)) pending.push(imported);
      }
      for (const specifier of dynamicImports(module.body)) {
        const imported = sameOrigin(specifier, new URL(href));
        if (imported) deferred.push(imported);
      }
    }
    return bytes;
  };

  const inlineJs = inlineScripts.reduce((sum, body) => sum + gzipSize(body), 0);
  const externalJs = await moduleGraphBytes(scripts);
  const onLoadFiles = seen.size;
  // What loaded modules import() comes before the islands the visitor may never use, which share its chunks.
  const deferredJs = await moduleGraphBytes(deferred.splice(0));
  const onIntentJs = await moduleGraphBytes(onIntentScripts);

  // Inline scripts travel inside the HTML, so the total counts them once, as part of the page.
  return {
    status: 200,
    htmlBytes: page.wireBytes,
    htmlEncoding: page.encoding,
    jsBytes: inlineJs + externalJs,
    onIntentJsBytes: onIntentJs,
    deferredJsBytes: deferredJs,
    totalBytes: page.wireBytes + cssBytes + externalJs,
    jsFiles: onLoadFiles,
  };
}
