/**
 * Fetches an image from a URL a visitor typed, without letting that visitor reach our own network
 * (DESIGN §8, SSRF). Every hop: http(s) only, the name resolved here and every address checked, the
 * connection opened to that checked address (a custom `lookup`, so a second DNS answer cannot swap it),
 * redirects followed by hand and checked again, a byte limit counted while streaming, one total deadline,
 * an image/* content type and image magic bytes.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { sniffImageType, type SniffedImageType } from '../media/image-type.ts';
import { isPublicAddress } from './ip-ranges.ts';

export type SafeFetchFailure =
  'invalid_url' | 'scheme' | 'dns' | 'blocked_address' | 'too_many_redirects' | 'http_status' | 'too_large' | 'timeout' | 'network' | 'not_image';

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

/** Downloads one image by the rules above; throws SafeFetchError for every refusal or failure. */
export async function fetchImageSafely(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedImage> {
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
      const response = await request(url, target, signal);
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
      const declaredType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!declaredType.startsWith('image/')) {
        response.destroy();
        throw new SafeFetchError('not_image', `content-type ${declaredType || 'ausente'}`);
      }
      const bytes = await readBody(response, maxBytes, signal);
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new SafeFetchError('not_image', 'los bytes no son de una imagen admitida');
      return { bytes, contentType, finalUrl: url.href };
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason instanceof SafeFetchError ? signal.reason : new SafeFetchError('timeout', 'cancelada');
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('network', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function request(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<http.IncomingMessage> {
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
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8', 'user-agent': 'BrujulaIA-ImageFetcher/1.0' },
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
}

function readBody(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(response.headers['content-length'] ?? '0');
  if (declared > maxBytes) {
    response.destroy();
    return Promise.reject(new SafeFetchError('too_large', `Content-Length ${declared}`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onAbort = () => response.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        response.destroy(new SafeFetchError('too_large', `más de ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => {
      signal.removeEventListener('abort', onAbort);
      resolve(new Uint8Array(Buffer.concat(chunks)));
    });
    response.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}
