import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFastLane, parsePlainRequest, type FastLane, type LaneAnswer } from './fast-lane.ts';

const HOT_BODY = Buffer.from('página en memoria');
const hotAnswer = (status = 200): LaneAnswer => ({
  head: Buffer.from(`HTTP/1.1 ${status} OK\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${HOT_BODY.length}\r\n`),
  body: HOT_BODY,
});

let server: http.Server;
let lane: FastLane;
let port: number;
/** What node:http was asked, with the body it read. */
let seenByNode: { method: string; url: string; body: string }[];
let laneAnswered: string[];

beforeEach(async () => {
  seenByNode = [];
  laneAnswered = [];
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seenByNode.push({ method: request.method!, url: request.url!, body });
      const text = `node ${request.method} ${request.url} ${body}`;
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
    });
  });
  lane = openFastLane(server, (request) => {
    if (request.target === '/caliente' || request.target === '/caliente?x=1') {
      laneAnswered.push(`${request.method} ${request.target}`);
      return request.method === 'HEAD' ? { ...hotAnswer(), body: undefined } : hotAnswer();
    }
    if (request.target === '/luego') {
      laneAnswered.push(`${request.method} ${request.target}`);
      return new Promise((resolve) => setTimeout(() => resolve(hotAnswer()), 30));
    }
    if (request.target === '/cambiada') return Promise.resolve(undefined);
    return undefined;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  const closed = new Promise((resolve) => server.close(resolve));
  lane.closeAll();
  server.closeAllConnections();
  await closed;
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads `count` answers with a Content-Length from the bytes a socket received. */
function parseResponses(bytes: Buffer, count: number, bodiless: ReadonlySet<number> = new Set()): RawResponse[] | undefined {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (responses.length < count) {
    const end = bytes.indexOf('\r\n\r\n', offset);
    if (end === -1) return undefined;
    const [statusLine, ...lines] = bytes.toString('latin1', offset, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = bodiless.has(responses.length) ? 0 : Number(headers['content-length'] ?? 0);
    if (bytes.length < end + 4 + length) return undefined;
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body: bytes.toString('utf8', end + 4, end + 4 + length) });
    offset = end + 4 + length;
  }
  return responses;
}

/** Sends these pieces on one connection, a pause between them, and reads `count` answers. */
function exchange(pieces: (string | Buffer)[], count: number, bodiless?: ReadonlySet<number>): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const responses = parseResponses(received, count, bodiless);
      if (responses) {
        socket.destroy();
        resolve(responses);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`la conexión se cerró con: ${received.toString('latin1')}`)));
    void (async () => {
      for (const piece of pieces) {
        socket.write(piece);
        await new Promise((wait) => setTimeout(wait, 5));
      }
    })();
  });
}

const get = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;

describe('parsePlainRequest', () => {
  it('reads a browser-like GET or HEAD with the headers that decide the answer', () => {
    const head =
      'GET /chatgpt?ref=x HTTP/1.1\r\nHost: ejemplo.es\r\nUser-Agent: Mozilla/5.0\r\nAccept-Encoding: gzip, br\r\nIf-None-Match: "abc"\r\nCookie: a=b';
    expect(parsePlainRequest(head)).toEqual({ method: 'GET', target: '/chatgpt?ref=x', host: 'ejemplo.es', ifNoneMatch: '"abc"', acceptEncoding: 'gzip, br' });
    expect(parsePlainRequest('HEAD / HTTP/1.1\r\nhost: a\r\nConnection: Keep-Alive')?.method).toBe('HEAD');
  });

  it.each([
    ['another method', 'POST /a HTTP/1.1\r\nHost: a'],
    ['HTTP/1.0', 'GET /a HTTP/1.0\r\nHost: a'],
    ['an absolute target', 'GET http://otro/a HTTP/1.1\r\nHost: a'],
    ['no Host', 'GET /a HTTP/1.1\r\nAccept: */*'],
    ['two Host headers', 'GET /a HTTP/1.1\r\nHost: a\r\nHost: b'],
    ['a body length', 'GET /a HTTP/1.1\r\nHost: a\r\nContent-Length: 4'],
    ['a chunked body', 'GET /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked'],
    ['Connection: close', 'GET /a HTTP/1.1\r\nHost: a\r\nConnection: close'],
    ['an upgrade', 'GET /a HTTP/1.1\r\nHost: a\r\nUpgrade: websocket'],
    ['a folded header', 'GET /a HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c'],
    ['a bare LF', 'GET /a HTTP/1.1\r\nHost: a\nContent-Length: 4'],
    ['a space before the colon', 'GET /a HTTP/1.1\r\nHost : a'],
    ['a byte outside ASCII', 'GET /a HTTP/1.1\r\nHost: a\r\nX-A: \xe9'],
    ['a NUL byte', 'GET /a\0 HTTP/1.1\r\nHost: a'],
    ['two spaces in the request line', 'GET  /a HTTP/1.1\r\nHost: a'],
  ])('leaves %s to node:http', (_, head) => {
    expect(parsePlainRequest(head)).toBeUndefined();
  });
});

describe('openFastLane', () => {
  it('answers a file in memory without node:http, as node would frame it', async () => {
    const [response] = await exchange([get('/caliente')], 1);
    expect(response).toMatchObject({ status: 200, body: 'página en memoria' });
    expect(response!.headers.connection).toBe('keep-alive');
    expect(response!.headers['keep-alive']).toBe(`timeout=${server.keepAliveTimeout / 1000}`);
    expect(new Date(response!.headers.date!).getTime()).toBeGreaterThan(Date.now() - 5_000);
    expect(seenByNode).toEqual([]);
    // A HEAD carries the length but no body: the next answer starts right after its head.
    const [head, next] = await exchange([`HEAD /caliente HTTP/1.1\r\nHost: a\r\n\r\n${get('/caliente')}`], 2, new Set([0]));
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(head!.headers['content-length']).toBe(String(HOT_BODY.length));
    expect(next!.body).toBe('página en memoria');
  });

  it('hands the connection to node:http at the first request it does not answer, keeping the order of pipelined requests', async () => {
    const responses = await exchange([get('/caliente') + get('/fria') + get('/caliente?x=1')], 3);
    expect(responses.map((response) => response.body)).toEqual(['página en memoria', 'node GET /fria ', 'node GET /caliente?x=1 ']);
    expect(laneAnswered).toEqual(['GET /caliente']);
    // From then on node:http answers everything on that connection, the lane's files too.
    expect(seenByNode.map((request) => request.url)).toEqual(['/fria', '/caliente?x=1']);
  });

  it('gives node:http a request with a body whole, after answering the ones before it', async () => {
    const post = 'POST /formulario HTTP/1.1\r\nHost: a\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhola\0mundo!';
    const responses = await exchange([get('/caliente'), post.slice(0, 30), post.slice(30)], 2);
    expect(responses.map((response) => response.body)).toEqual(['página en memoria', 'node POST /formulario hola\0mundo!']);
  });

  it('never lets a body smuggle a second request past node:http: a GET with a length goes to node whole', async () => {
    const smuggling = 'GET /caliente HTTP/1.1\r\nHost: a\r\nContent-Length: 27\r\n\r\nGET /caliente HTTP/1.1\r\nX: ';
    const [response] = await exchange([smuggling], 1);
    expect(response!.body).toBe('node GET /caliente GET /caliente HTTP/1.1\r\nX: ');
    expect(laneAnswered).toEqual([]);
  });

  it('reads a request sent a few bytes at a time', async () => {
    const request = get('/caliente', 'Accept: text/html\r\n');
    const pieces = request.match(/[\s\S]{1,3}/g)!;
    const [response] = await exchange(pieces, 1);
    expect(response!.body).toBe('página en memoria');
    expect(seenByNode).toEqual([]);
  });

  it('waits for an answer being read before the requests after it', async () => {
    const responses = await exchange([get('/luego') + get('/caliente') + get('/fria')], 3);
    expect(responses.map((response) => response.body)).toEqual(['página en memoria', 'página en memoria', 'node GET /fria ']);
    expect(laneAnswered).toEqual(['GET /luego', 'GET /caliente']);
  });

  it('hands over a request whose answer turned out to be none (a page changed since the build)', async () => {
    const responses = await exchange([get('/caliente') + get('/cambiada')], 2);
    expect(responses.map((response) => response.body)).toEqual(['página en memoria', 'node GET /cambiada ']);
  });

  it("leaves malformed and oversized heads to node:http's own refusals", async () => {
    const [bad] = await exchange(['GET /caliente HTTP/1.1\r\nHost: a\r\nBad Header: x\r\n\r\n'], 1);
    expect(bad!.status).toBe(400);
    const [large] = await exchange([`GET /caliente HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(http.maxHeaderSize + 10)}\r\n\r\n`], 1);
    expect(large!.status).toBe(431);
    expect(laneAnswered).toEqual([]);
  });

  it('honours Connection: close through node:http', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write(get('/caliente', 'Connection: close\r\n'));
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*Connection: close[\s\S]*node GET \/caliente $/);
  });

  it('ends a connection the client half-closed once its requests are answered', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.end(get('/luego') + get('/caliente'));
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received.match(/página en memoria/g)).toHaveLength(2);
  });

  it('ends its idle connections when the server closes', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(get('/caliente'));
    await new Promise((resolve) => socket.once('data', resolve));
    const ended = new Promise((resolve) => socket.on('end', resolve));
    const started = Date.now();
    const closed = new Promise((resolve) => server.close(resolve));
    lane.closeAll();
    await Promise.all([ended, closed]);
    expect(Date.now() - started).toBeLessThan(1_000);
    server.listen(0, '127.0.0.1');
  });
});
