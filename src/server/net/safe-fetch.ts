/**
 * Fetches an image or the start of a web page from a URL a visitor typed, without letting that visitor reach our
 * own network (DESIGN §8, SSRF). Every hop: http(s) only, the name resolved here and every address checked, the
 * connection opened to that checked address (a custom `lookup`, so a second DNS answer cannot swap it),
 * redirects followed by hand and checked again, a byte limit counted while streaming, one total deadline,
 * and an expected content type (image/* plus image magic bytes, or HTML).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { sniffImageType, type SniffedImageType } from '../media/image-type.ts';
import { isPublicAddress } from './ip-ranges.ts';

export type SafeFetchFailure =
  'invalid_url' | 'scheme' | 'dns' | 'blocked_address' | 'too_many_redirects' | 'http_status' | 'too_large' | 'timeout' | 'network' | 'not_image' | 'not_page';

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  readonly reason: SafeFetchFailure;

  constructor(reason: SafeFetchFailure, detail: string) {
    super(detail);
    this.reason = reason;
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * TEST ONLY: "host:port" pairs that may be reached although their address is not public, so a test can
   * serve images from its own loopback fixture. Never filled by default; see SAFE_FETCH_ALLOW_HOSTS.
   */
  allowHosts?: readonly string[];
  resolve?: Resolver;
  signal?: AbortSignal;
}

export interface FetchedImage {
  bytes: Uint8Array;
  contentType: SniffedImageType;
  finalUrl: string;
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 10_485_760, timeoutMs: 15_000, maxRedirects: 3 } as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** The address to connect to for this URL, or a SafeFetchError saying why it may not be reached. */
export async function resolveSafeTarget(url: URL, options: Pick<SafeFetchOptions, 'allowHosts' | 'resolve'> = {}): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('scheme', `esquema ${url.protocol}`);
  if (url.username || url.password) throw new SafeFetchError('invalid_url', 'credenciales en la URL');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch (error) {
      throw new SafeFetchError('dns', `${hostname}: ${(error as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('dns', `${hostname} sin direcciones`);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = options.allowHosts?.includes(`${hostname}:${port}`) ?? false;
  // Every answer must be public: a name answering with one public and one private address is refused.
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new SafeFetchError('blocked_address', `${hostname} resuelve a una dirección no pública`);
  }
  return addresses[0]!;
}

/** What a hop of a safe fetch answers once its status is 200. */
interface FetchedBody {
  bytes: Uint8Array;
  /** The declared media type, lower case, without parameters. */
  declaredType: string;
  /** The Content-Type header as sent (with its charset, if any). */
  contentTypeHeader: string;
  finalUrl: string;
  /** True when the body was longer than maxBytes and only its start was kept (options.truncate). */
  truncated: boolean;
}

interface GenericFetchOptions extends SafeFetchOptions {
  accept: string;
  /** Whether a declared media type may be read at all (checked before any byte of the body). */
  acceptType(declaredType: string): boolean;
  notAcceptable: SafeFetchFailure;
  /** Keep the first maxBytes of a longer body instead of failing (a page's head is at its start). */
  truncate?: boolean;
}

/** The common path: every hop checked, redirects followed by hand, one deadline, a byte limit. */
async function fetchSafely(rawUrl: string, options: GenericFetchOptions): Promise<FetchedBody> {
  const { maxBytes, timeoutMs, maxRedirects } = { ...SAFE_FETCH_DEFAULTS, ...options };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SafeFetchError('invalid_url', 'URL no analizable');
  }
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new SafeFetchError('timeout', `más de ${timeoutMs} ms`)), timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  try {
    for (let hop = 0; ; hop++) {
      const target = await raceAbort(resolveSafeTarget(url, options), signal);
      const response = await request(url, target, signal, options.accept);
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new SafeFetchError('http_status', 'redirección sin Location');
        if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', `más de ${maxRedirects} redirecciones`);
        url = new URL(location, url);
        continue;
      }
      if (response.statusCode !== 200) {
        response.resume();
        throw new SafeFetchError('http_status', `HTTP ${response.statusCode}`);
      }
      const contentTypeHeader = response.headers['content-type'] ?? '';
      const declaredType = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
      if (!options.acceptType(declaredType)) {
        response.destroy();
        throw new SafeFetchError(options.notAcceptable, `content-type ${declaredType || 'ausente'}`);
      }
      const { bytes, truncated } = await readBody(response, maxBytes, signal, options.truncate ?? false);
      return { bytes, declaredType, contentTypeHeader, finalUrl: url.href, truncated };
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason instanceof SafeFetchError ? signal.reason : new SafeFetchError('timeout', 'cancelada');
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('network', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

/** Downloads one image by the rules above; throws SafeFetchError for every refusal or failure. */
export async function fetchImageSafely(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedImage> {
  const fetched = await fetchSafely(rawUrl, {
    ...options,
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
    acceptType: (type) => type.startsWith('image/'),
    notAcceptable: 'not_image',
  });
  const contentType = sniffImageType(fetched.bytes);
  if (!contentType) throw new SafeFetchError('not_image', 'los bytes no son de una imagen admitida');
  return { bytes: fetched.bytes, contentType, finalUrl: fetched.finalUrl };
}

export interface FetchedPage {
  /** The page decoded with its declared charset (UTF-8 when it names none or an unknown one). */
  html: string;
  finalUrl: string;
  truncated: boolean;
}

/** The charset named by a Content-Type header or by the page's own meta tag near its start. */
function charsetOf(contentTypeHeader: string, bytes: Uint8Array): string {
  const fromHeader = /charset\s*=\s*"?([\w-]+)/i.exec(contentTypeHeader)?.[1];
  if (fromHeader) return fromHeader;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

/**
 * Downloads the start of a web page (HTML or XHTML) by the same rules as images: a page longer than maxBytes is
 * cut there rather than refused, since everything a page says about itself is in its head.
 */
export async function fetchPageSafely(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const fetched = await fetchSafely(rawUrl, {
    ...options,
    accept: 'text/html,application/xhtml+xml;q=0.9',
    acceptType: (type) => type === 'text/html' || type === 'application/xhtml+xml',
    notAcceptable: 'not_page',
    truncate: true,
  });
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(fetched.contentTypeHeader, fetched.bytes));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return { html: decoder.decode(fetched.bytes), finalUrl: fetched.finalUrl, truncated: fetched.truncated };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function request(url: URL, target: ResolvedAddress, signal: AbortSignal, accept: string): Promise<http.IncomingMessage> {
  // The socket goes to the address checked above, whatever the name resolves to a moment later;
  // TLS still verifies the certificate against the hostname.
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, {
      method: 'GET',
      lookup: pinnedLookup,
      signal,
      agent: false,
      headers: { accept, 'user-agent': 'BrujulaIA-Fetcher/1.0 (+directorio de herramientas de IA)' },
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
}

function readBody(
  response: http.IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  truncate: boolean,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const declared = Number(response.headers['content-length'] ?? '0');
  if (declared > maxBytes && !truncate) {
    response.destroy();
    return Promise.reject(new SafeFetchError('too_large', `Content-Length ${declared}`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const onAbort = () => response.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      const all = Buffer.concat(chunks);
      resolve({ bytes: new Uint8Array(truncated ? all.subarray(0, maxBytes) : all), truncated });
    };
    response.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      chunks.push(chunk);
      if (total <= maxBytes) return;
      if (truncate) {
        // Enough: stop downloading and keep what fits.
        finish(true);
        response.destroy();
        return;
      }
      response.destroy(new SafeFetchError('too_large', `más de ${maxBytes} bytes`));
    });
    response.once('end', () => finish(false));
    response.once('error', (error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}
