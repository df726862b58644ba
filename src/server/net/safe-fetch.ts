/**
 * Fetches from a URL someone else chose (an image a visitor typed, a listed tool's site) without letting it
 * reach our own network (SSRF). Every hop: http(s) only, the name resolved here and every address checked, the
 * connection opened to that checked address (a custom `lookup`, so a second DNS answer cannot swap it),
 * redirects followed by hand and checked again, a byte limit counted while streaming, one total deadline; for
 * images, also an image/* content type and image magic bytes.
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

/** What safeFetch got back: the final answer after redirects, whatever its status. */
export interface SafeResponse {
  status: number;
  /** The address that answered, after every redirect. */
  finalUrl: string;
  /** Each address a redirect led to, in order (empty when the first answered). */
  redirects: string[];
  /** The media type without parameters, lower case ('' when absent). */
  contentType: string;
  headers: http.IncomingHttpHeaders;
  body: Uint8Array;
  /** True when the body was longer than maxBytes and only its start was read (options.truncate). */
  truncated: boolean;
}

export interface SafeFetchRequestOptions extends SafeFetchOptions {
  /** Sent as Accept. */
  accept?: string;
  /** Sent as User-Agent: say who is asking. */
  userAgent?: string;
  /** Past maxBytes, keep the start and stop reading instead of failing (a page's head is at its start). */
  truncate?: boolean;
  /** Looks at the final answer before its body is read; throw a SafeFetchError to refuse it without reading. */
  inspect?: (response: { status: number; contentType: string; url: string }) => void;
}

const DEFAULT_USER_AGENT = 'BrujulaIA-Fetcher/1.0 (+directorio de herramientas de IA)';

/**
 * One GET by the rules above, for any content: every hop checked and pinned, redirects followed by hand (at most
 * maxRedirects), a byte limit counted while streaming and one total deadline. Any HTTP status is returned, not
 * thrown; refusals and failures are SafeFetchErrors.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchRequestOptions = {}): Promise<SafeResponse> {
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
  const redirects: string[] = [];
  const headers = { accept: options.accept ?? '*/*', 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT };
  try {
    for (let hop = 0; ; hop++) {
      const target = await raceAbort(resolveSafeTarget(url, options), signal);
      const response = await request(url, target, signal, headers);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new SafeFetchError('http_status', 'redirección sin Location');
        if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', `más de ${maxRedirects} redirecciones`);
        try {
          url = new URL(location, url);
        } catch {
          throw new SafeFetchError('invalid_url', 'redirección a una URL no analizable');
        }
        redirects.push(url.href);
        continue;
      }
      const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      try {
        options.inspect?.({ status, contentType, url: url.href });
      } catch (error) {
        response.destroy();
        throw error;
      }
      const { bytes, truncated } = await readBody(response, maxBytes, signal, options.truncate ?? false);
      return { status, finalUrl: url.href, redirects, contentType, headers: response.headers, body: bytes, truncated };
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
export async function fetchImageSafely(rawUrl: string, options: SafeFetchRequestOptions = {}): Promise<FetchedImage> {
  const response = await safeFetch(rawUrl, {
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
    ...options,
    truncate: false,
    inspect: ({ status, contentType }) => {
      if (status !== 200) throw new SafeFetchError('http_status', `HTTP ${status}`);
      if (!contentType.startsWith('image/')) throw new SafeFetchError('not_image', `content-type ${contentType || 'ausente'}`);
    },
  });
  const contentType = sniffImageType(response.body);
  if (!contentType) throw new SafeFetchError('not_image', 'los bytes no son de una imagen admitida');
  return { bytes: response.body, contentType, finalUrl: response.finalUrl };
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
export async function fetchPageSafely(rawUrl: string, options: SafeFetchRequestOptions = {}): Promise<FetchedPage> {
  const response = await safeFetch(rawUrl, {
    accept: 'text/html,application/xhtml+xml;q=0.9',
    ...options,
    truncate: true,
    inspect: ({ status, contentType }) => {
      if (status !== 200) throw new SafeFetchError('http_status', `HTTP ${status}`);
      if (contentType !== 'text/html' && contentType !== 'application/xhtml+xml')
        throw new SafeFetchError('not_page', `content-type ${contentType || 'ausente'}`);
    },
  });
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(String(response.headers['content-type'] ?? ''), response.body));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return { html: decoder.decode(response.body), finalUrl: response.finalUrl, truncated: response.truncated };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function request(url: URL, target: ResolvedAddress, signal: AbortSignal, headers: Record<string, string>): Promise<http.IncomingMessage> {
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
      headers,
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
      resolve({ bytes: new Uint8Array(Buffer.concat(chunks)), truncated });
    };
    response.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - total;
      total += chunk.byteLength;
      if (total <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      if (!truncate) {
        response.destroy(new SafeFetchError('too_large', `más de ${maxBytes} bytes`));
        return;
      }
      // Keep what fits, stop the download and answer with the start of the body.
      chunks.push(chunk.subarray(0, room));
      finish(true);
      response.destroy();
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
