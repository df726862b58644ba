/**
 * Serves a build's prerendered pages and assets. Every file is listed (and every page read, for its policy and its
 * ETag) once per build; the text files people ask for are kept in memory, plain and compressed, so a page in demand
 * costs one buffer write. The build writes a brotli and a gzip copy of every text file (src/server/build/precompress.ts);
 * the server sends the best one the browser accepts, and compresses a file itself only when a build has no copies.
 *
 * What a request costs beyond the bytes was measured with a CPU profile under load: parsing the address,
 * six setHeader calls and then a headers object merged into them, three map lookups per address, an await per file.
 * So every address a file answers to is resolved once per build, and a file in memory keeps its complete response
 * headers (security headers included) per encoding, written in one writeHead: a page in demand costs a map lookup and
 * one write (sendFromMemory), without a promise; and through the fast lane (fast-lane.ts), not even node:http's parsing.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { entriesWithin, folderPrefix } from '../build/link-tree.ts';
import { COMPRESSED_SUFFIX } from '../build/precompress.ts';
import { pageCarriesAds } from '../ads/ads-policy.ts';
import { baseSecurityHeaders, inlineScriptHashes, isHtml, isScript, pagePolicy, type PolicySources, type SecurityOptions } from './security-headers.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

const gzip = promisify(gzipCallback);

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest|javascript)|image\/svg)/;
/**
 * The text files last asked for (pages, styles, scripts) stay in memory, plain and gzipped, up to this many bytes per
 * process, least recently used out first; images and the rest are streamed from disk, where the operating system's
 * page cache (shared by every process, and not counted against the site) keeps the hot ones. Holding all of them
 * cost 46 MB per serving process at 1,000 tools (38 MB of pages) and would not fit at 50,000.
 */
const MEMORY_BUDGET_BYTES = 24 * 1024 * 1024;
const MAX_FILE_IN_MEMORY = 1024 * 1024;
/** Files stat()ed between two turns of the event loop while a build loads. */
const STATS_PER_SLICE = 256;

type Encoding = keyof typeof COMPRESSED_SUFFIX;

/** A response's headers as writeHead takes them: name, value, name, value… */
type HeaderList = string[];

interface CachedBody {
  body: Buffer;
  /** Absent for files too small to gain from compression. */
  gzip?: Buffer;
  br?: Buffer;
  /** The complete headers of a 200 for each body, made on first use for the policy they carry. */
  headers?: { policy: string | undefined; plain: PreparedHead; gzip?: PreparedHead; br?: PreparedHead };
}

/** A response's headers, as writeHead takes them and as the bytes the fast lane writes (without Date and connection lines). */
interface PreparedHead {
  list: HeaderList;
  raw: Buffer;
}

/** An answer with a file in memory: for writeHead and end(), or as bytes for the fast lane (fast-lane.ts). */
export interface MemoryAnswer {
  status: 200 | 304;
  head: PreparedHead;
  body: Buffer | undefined;
}

/** What of a request decides the answer with a file in memory. */
export interface FileRequest {
  method: string;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

function prepare(status: 200 | 304, list: HeaderList): PreparedHead {
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  for (let index = 0; index < list.length; index += 2) text += `${list[index]}: ${list[index + 1]}\r\n`;
  return { list, raw: Buffer.from(text, 'latin1') };
}

const cost = (entry: CachedBody) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);

/** Browsers send a handful of distinct headers: each is parsed once per process. */
const parsedHeaders = new Map<string, Set<Encoding>>();
const MAX_PARSED_HEADERS = 64;

/** The encodings a request accepts (q > 0), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const key = header ?? '';
  const known = parsedHeaders.get(key);
  if (known) return known;
  const accepted = new Set<Encoding>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(parameter));
    if (refused) continue;
    if (name === 'br') accepted.add('br');
    else if (name === 'gzip' || name === 'x-gzip') accepted.add('gzip');
  }
  if (parsedHeaders.size < MAX_PARSED_HEADERS) parsedHeaders.set(key, accepted);
  return accepted;
}

export interface StaticFile {
  /** Where the file is on disk, for the ones served from there. */
  path: string;
  size: number;
  /** Text small enough to keep in memory once asked for. */
  cacheable: boolean;
  /** The build's compressed copies of the file, with their sizes. */
  compressed: Partial<Record<Encoding, { path: string; size: number }>>;
  type: string;
  cacheControl: string;
  etag: string;
  /**
   * A page's own Content-Security-Policy, with the hashes of its inline scripts. Scripts get the page policy too: a
   * script started as a worker (Pagefind's) lives under its own response's policy. Other files keep the base one.
   */
  policy?: string;
  /** A page with ad slots: its policy also admits the ad network while ads are on (decided per request). */
  ads?: { scriptHashes: string[]; withSources?: { sources: PolicySources; policy: string } };
  /** The file on disk (device, inode, size, modification time): the same in a build made of hard links to this one. */
  identity: string;
}

function cacheControlFor(urlPath: string): string {
  // Astro and Pagefind fingerprint these file names, so they never change in place.
  if (urlPath.startsWith('/_astro/') || /^\/pagefind\/(?:(?:index|fragment|filter)\/|pagefind\.\w+_\w+\.pf_meta$)/.test(urlPath)) {
    return 'public, max-age=31536000, immutable';
  }
  // Pagefind's entry file and loader keep their names across builds and point at the current index.
  if (urlPath.startsWith('/pagefind/')) return 'public, max-age=0, must-revalidate';
  if (urlPath.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** A layer over the folder a build serves (src/server/build/build-tree.ts), its paths relative to the client folders. */
export interface ServedLayer {
  root: string;
  files: ReadonlySet<string>;
  removed: ReadonlySet<string>;
}

const urlPathOf = (relative: string) => '/' + relative.split(path.sep).join('/');

/** The addresses whose file may change when the file at `urlPath` appears, changes or goes: itself and its short forms. */
function addressesOf(urlPath: string): string[] {
  if (urlPath.endsWith('/index.html')) return [urlPath, urlPath.slice(0, -'/index.html'.length) || '/'];
  if (urlPath.endsWith('.html')) return [urlPath, urlPath.slice(0, -'.html'.length)];
  return [urlPath];
}

export class StaticFiles {
  /** The folder served (under any layer): an instance loaded from the same one lends its files. */
  private root = '';
  /** The files of `root` alone, never changed once loaded. */
  private baseFiles = new Map<string, StaticFile>();
  /** The files served: `baseFiles`, or with a layer a copy of them with the layer's files in and its removed pages out. */
  private files = new Map<string, StaticFile>();
  /** Addresses of the files the layer adds, replaces or removes. */
  private layerAddresses = new Set<string>();
  /** Every address a file answers to ('/a', '/a.html', '/a/' trimmed, '/'), resolved once per build. */
  private addresses = new Map<string, StaticFile>();
  /** The same addresses that a URL parser and decodeURIComponent leave exactly as they are (no escapes, dots or oddities). */
  private plainAddresses = new Map<string, StaticFile>();
  private readonly security: SecurityOptions;
  /** The headers every response carries (security-headers.ts); a file with a policy of its own replaces the CSP. */
  private readonly baseHeaders: [string, string][];
  /** Bodies in memory by file path, in order of last use (a Map keeps insertion order; a hit moves to the end). */
  private readonly cache = new Map<string, CachedBody>();
  private cachedBytes = 0;
  /** The path last moved to the end of `cache`, so a run of hits on one page does not move it again. */
  private lastCached: string | undefined;
  private readonly memoryBudgetBytes: number;

  private constructor(security: SecurityOptions, memoryBudgetBytes: number) {
    this.security = security;
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.baseHeaders = Object.entries(baseSecurityHeaders(security));
  }

  /**
   * `previous` (the build served until now) lends what it worked out for a file that is the very same file on disk,
   * as an incremental rebuild's hard links are: a page is then not read and hashed again, so switching to a rebuild
   * costs what it changed rather than what the site holds. With a `layer` over a folder `previous` already served,
   * nothing of that folder is listed again: only the layer's files are read.
   */
  static async load(
    root: string,
    security: SecurityOptions,
    memoryBudgetBytes = MEMORY_BUDGET_BYTES,
    previous?: StaticFiles,
    layer?: ServedLayer,
  ): Promise<StaticFiles> {
    const site = new StaticFiles(security, memoryBudgetBytes);
    site.root = root;
    const sameRoot = previous?.root === root ? previous : undefined;
    if (sameRoot) site.baseFiles = sameRoot.baseFiles;
    else {
      const names = (await entriesWithin(root)).flatMap(({ entry, relative }) => (entry.isFile() ? [relative] : []));
      site.baseFiles = await describeFiles(root, names, security, previous);
    }
    site.files = site.baseFiles;
    if (layer) {
      site.files = new Map(site.baseFiles);
      for (const relative of layer.removed) {
        const urlPath = urlPathOf(relative);
        site.files.delete(urlPath);
        site.layerAddresses.add(urlPath);
      }
      for (const [urlPath, file] of await describeFiles(layer.root, [...layer.files], security, previous)) {
        site.files.set(urlPath, file);
        site.layerAddresses.add(urlPath);
      }
    }
    if (sameRoot) {
      // The folder's addresses as they were, then those of every file either layer touches resolved again.
      site.addresses = new Map(sameRoot.addresses);
      site.plainAddresses = new Map(sameRoot.plainAddresses);
      for (const urlPath of new Set([...sameRoot.layerAddresses, ...site.layerAddresses])) site.resolveAddresses(addressesOf(urlPath));
    } else site.resolveAddresses([...site.files.keys()].flatMap(addressesOf));
    return site;
  }

  /** Points each address at the file it now names, or forgets it. */
  private resolveAddresses(aliases: readonly string[]): void {
    for (const alias of aliases) {
      const file = this.resolve(alias);
      if (!file) {
        this.addresses.delete(alias);
        this.plainAddresses.delete(alias);
        continue;
      }
      this.addresses.set(alias, file);
      if (isPlainAddress(alias)) this.plainAddresses.set(alias, file);
    }
  }

  /** The file served at a URL path, for a later instance to reuse what was worked out for it. */
  knownFile(urlPath: string): StaticFile | undefined {
    return this.files.get(urlPath);
  }

  /** The rule behind every address: exact, then "<path>.html", then "<path>/index.html"; "/" is the home. */
  private resolve(trimmed: string): StaticFile | undefined {
    if (trimmed === '/') return this.files.get('/index.html');
    return this.files.get(trimmed) ?? this.files.get(`${trimmed}.html`) ?? this.files.get(`${trimmed}/index.html`);
  }

  /**
   * The file at a request's raw path (before any "?"), when that path is exactly one of its addresses as a URL parser
   * would leave it: the caller may then skip parsing and decoding. Undefined means "parse it", not "no such file".
   */
  atPlainAddress(rawPath: string): StaticFile | undefined {
    return this.plainAddresses.get(rawPath);
  }

  /** The file for a URL path (a trailing slash is ignored). */
  find(urlPath: string): StaticFile | undefined {
    const trimmed = urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
    return this.addresses.get(trimmed || '/');
  }

  /** The file's policy; a page with ad slots admits `adSources` too (undefined while ads are off). */
  private policyOf(file: StaticFile, adSources: PolicySources | undefined): string | undefined {
    if (!file.ads || !adSources) return file.policy;
    if (file.ads.withSources?.sources !== adSources) {
      file.ads.withSources = { sources: adSources, policy: pagePolicy(this.security, file.ads.scriptHashes, adSources) };
    }
    return file.ads.withSources.policy;
  }

  /** Whether the file is a page with ad slots, whose policy depends on the ads settings of the moment. */
  carriesAds(file: StaticFile): boolean {
    return file.ads !== undefined;
  }

  /** The file's bytes from memory, or read (and gzipped) now and kept, evicting the least recently used. */
  private async cached(file: StaticFile): Promise<CachedBody> {
    const hit = this.cache.get(file.path);
    if (hit) {
      this.cache.delete(file.path);
      this.cache.set(file.path, hit);
      this.lastCached = file.path;
      return hit;
    }
    const { gzip: gzipCopy, br: brotliCopy } = file.compressed;
    const [body, gzipped, brotli] = await Promise.all([readFile(file.path), gzipCopy && readFile(gzipCopy.path), brotliCopy && readFile(brotliCopy.path)]);
    // A build without copies (one made before they existed) still goes out gzipped.
    const entry: CachedBody = { body, gzip: gzipped ?? (!gzipCopy && body.length > 1024 ? await gzip(body) : undefined), br: brotli };
    // Two requests for the same cold file may both read it; the second simply replaces the first.
    const previous = this.cache.get(file.path);
    if (previous) {
      this.cache.delete(file.path);
      this.cachedBytes -= cost(previous);
    }
    for (const [key, old] of this.cache) {
      if (this.cachedBytes + cost(entry) <= this.memoryBudgetBytes) break;
      this.cache.delete(key);
      this.cachedBytes -= cost(old);
    }
    this.cache.set(file.path, entry);
    this.lastCached = file.path;
    this.cachedBytes += cost(entry);
    return entry;
  }

  /** Bytes of file bodies held in memory now (plain and compressed). */
  get bytesInMemory(): number {
    return this.cachedBytes;
  }

  /** The complete headers of an answer with this file: the base security headers, then the file's own. */
  private headerList(file: StaticFile, status: number, policy: string | undefined, encoding?: Encoding, length?: number): HeaderList {
    const list: HeaderList = [];
    for (const [name, value] of this.baseHeaders) if (!policy || name !== 'content-security-policy') list.push(name, value);
    list.push('content-type', file.type, 'cache-control', status === 200 ? file.cacheControl : 'no-store', 'etag', file.etag, 'vary', 'accept-encoding');
    if (policy) list.push('content-security-policy', policy);
    if (encoding) list.push('content-encoding', encoding);
    if (length !== undefined) list.push('content-length', String(length));
    return list;
  }

  /**
   * The answer, a 200 or a 304, with a file already in memory; undefined when its bytes are not (readIntoMemory).
   * `adSources` as for send().
   */
  answerFromMemory(request: FileRequest, file: StaticFile, adSources?: PolicySources): MemoryAnswer | undefined {
    const entry = file.cacheable ? this.cache.get(file.path) : undefined;
    if (!entry) return undefined;
    // Most recently used last; a page already there (the hot one, request after request) is left in place.
    if (this.lastCached !== file.path) {
      this.cache.delete(file.path);
      this.cache.set(file.path, entry);
      this.lastCached = file.path;
    }
    const policy = this.policyOf(file, adSources);
    if (request.ifNoneMatch === file.etag) return { status: 304, head: prepare(304, this.headerList(file, 200, policy)), body: undefined };
    let headers = entry.headers;
    if (!headers || headers.policy !== policy) {
      headers = entry.headers = {
        policy,
        plain: prepare(200, this.headerList(file, 200, policy, undefined, entry.body.length)),
        gzip: entry.gzip && prepare(200, this.headerList(file, 200, policy, 'gzip', entry.gzip.length)),
        br: entry.br && prepare(200, this.headerList(file, 200, policy, 'br', entry.br.length)),
      };
    }
    const encoding = bestEncoding(request.acceptEncoding, entry);
    return {
      status: 200,
      head: encoding ? headers[encoding]! : headers.plain,
      body: request.method === 'HEAD' ? undefined : encoding ? entry[encoding] : entry.body,
    };
  }

  /** Reads a file small enough to keep into memory, for answerFromMemory; rejects when it vanished from disk. */
  async readIntoMemory(file: StaticFile): Promise<void> {
    if (file.cacheable) await this.cached(file);
  }

  /** Answers a 200 (or 304) with a file already in memory, in one writeHead and one write; false, having written nothing, when it is not. */
  sendFromMemory(request: IncomingMessage, response: ServerResponse, file: StaticFile, adSources?: PolicySources): boolean {
    const answer = this.answerFromMemory(
      { method: request.method ?? 'GET', ifNoneMatch: request.headers['if-none-match'], acceptEncoding: request.headers['accept-encoding'] },
      file,
      adSources,
    );
    if (!answer) return false;
    response.writeHead(answer.status, answer.head.list).end(answer.body);
    return true;
  }

  /** Answers with the file; a file that vanished from disk (a build removed under us) ends the answer. */
  async send(request: IncomingMessage, response: ServerResponse, file: StaticFile, status = 200, adSources?: PolicySources): Promise<void> {
    if (status === 200 && this.sendFromMemory(request, response, file, adSources)) return;
    const policy = this.policyOf(file, adSources);
    if (status === 200 && request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, this.headerList(file, status, policy)).end();
      return;
    }
    if (file.cacheable) {
      let entry: CachedBody;
      try {
        entry = await this.cached(file);
      } catch {
        response.destroy();
        return;
      }
      if (status === 200 && this.sendFromMemory(request, response, file, adSources)) return;
      // A 404 or 410 page: rare, and never with the 200's cached headers.
      const encoding = bestEncoding(request.headers['accept-encoding'], entry);
      const body = encoding ? entry[encoding]! : entry.body;
      response.writeHead(status, this.headerList(file, status, policy, encoding, body.length));
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    // Too large to keep in memory: its compressed copy streams from disk like the file would.
    const encoding = bestEncoding(request.headers['accept-encoding'], file.compressed);
    const copy = encoding ? file.compressed[encoding]! : { path: file.path, size: file.size };
    response.writeHead(status, this.headerList(file, status, policy, encoding, copy.size));
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    // A build being replaced keeps its files for a while (builds.ts), so the stream finds them; a failure ends the answer.
    createReadStream(copy.path)
      .on('error', () => response.destroy())
      .pipe(response);
  }
}

/**
 * What serving each file takes (size, headers, policy, compressed copies), by URL path, for `names` (paths relative
 * to `root`, compressed copies among them). `previous` lends what it knows of a file that is the same on disk.
 */
async function describeFiles(
  root: string,
  names: readonly string[],
  security: SecurityOptions,
  previous: StaticFiles | undefined,
): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const listed = new Set(names);
  const copyOf = (name: string) => Object.values(COMPRESSED_SUFFIX).some((suffix) => name.endsWith(suffix) && listed.has(name.slice(0, -suffix.length)));
  // Synchronous stats, a slice at a time between requests: one awaited stat per file (three with its compressed
  // copies), each a trip through libuv's thread pool, took seconds at 10,000 tools; a slice blocks for about a millisecond.
  let statted = 0;
  const statOf = async (file: string) => {
    if (++statted % STATS_PER_SLICE === 0) await nextTurn();
    return statSync(file);
  };
  // Joined by hand, on the serving thread.
  const folder = folderPrefix(root);
  for (const relative of listed) {
    // A compressed copy is served for its file, never at an address of its own.
    if (copyOf(relative)) continue;
    const full = folder + relative;
    const urlPath = urlPathOf(relative);
    const type = CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
    const info = await statOf(full);
    const identity = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
    const file: StaticFile = {
      path: full,
      size: info.size,
      cacheable: COMPRESSIBLE.test(type) && info.size <= MAX_FILE_IN_MEMORY,
      compressed: {},
      type,
      cacheControl: cacheControlFor(urlPath),
      etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`,
      identity,
    };
    const known = previous?.knownFile(urlPath);
    if (known?.identity === identity) {
      file.etag = known.etag;
      file.policy = known.policy;
      if (known.ads) file.ads = { scriptHashes: known.ads.scriptHashes };
    } else if (isHtml(type)) {
      // Read now for what its headers need; the bytes are kept only once someone asks for the page.
      const body = await readFile(full);
      const html = body.toString('utf8');
      const scriptHashes = inlineScriptHashes(html);
      file.policy = pagePolicy(security, scriptHashes);
      if (pageCarriesAds(html)) file.ads = { scriptHashes };
      file.etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    } else if (isScript(type)) file.policy = pagePolicy(security);
    for (const [encoding, suffix] of Object.entries(COMPRESSED_SUFFIX) as [Encoding, string][]) {
      if (listed.has(relative + suffix)) file.compressed[encoding] = { path: full + suffix, size: (await statOf(full + suffix)).size };
    }
    files.set(urlPath, file);
  }
  return files;
}

function isPlainAddress(address: string): boolean {
  try {
    return new URL(address, 'http://local').pathname === address && decodeURIComponent(address) === address;
  } catch {
    return false;
  }
}

/** Brotli when the request takes it and the file has it (smaller than gzip), else gzip, else none. */
function bestEncoding(acceptEncoding: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding | undefined {
  if (!available.br && !available.gzip) return undefined;
  const accepted = acceptedEncodings(acceptEncoding);
  if (available.br && accepted.has('br')) return 'br';
  if (available.gzip && accepted.has('gzip')) return 'gzip';
  return undefined;
}
