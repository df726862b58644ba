/** The SSRF guard against real sockets: a loopback server plays every kind of hostile or broken host. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImageSafely, resolveSafeTarget, SafeFetchError, type Resolver } from '../../src/server/net/safe-fetch.ts';

let png: Buffer;
let server: http.Server;
let base: string;
let allowHosts: string[];

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/image.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/redirect') return response.writeHead(302, { location: '/image.png' }).end();
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (path === '/to-private') return response.writeHead(301, { location: 'http://10.0.0.1/x.png' }).end();
    if (path === '/to-metadata') return response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/to-file') return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hola</p>');
    if (path === '/fake-png') return response.writeHead(200, { 'content-type': 'image/png' }).end('<svg onload="x"></svg>');
    if (path === '/svg') return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (path === '/missing') return response.writeHead(404).end();
    if (path === '/big-declared') return response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(11 * 1024 * 1024) }).end();
    if (path === '/big-streamed') {
      // No Content-Length: only counting the bytes as they arrive can stop this one.
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && response.write(chunk)) sent++;
        if (sent < 64 && !response.destroyed) response.once('drain', pump);
        else response.end();
      };
      response.write(png.subarray(0, 8));
      return pump();
    }
    if (path === '/slow') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png.subarray(0, 8));
      return; // never ends
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  allowHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('fetchImageSafely refuses', () => {
  it('loopback addresses and names when no exception is given (the default)', async () => {
    expect(await reasonOf(fetchImageSafely(`${base}/image.png`))).toBe('blocked_address');
    expect(await reasonOf(fetchImageSafely(`${base.replace('127.0.0.1', 'localhost')}/image.png`))).toBe('blocked_address');
    expect(await reasonOf(fetchImageSafely('http://[::1]/x.png'))).toBe('blocked_address');
    expect(await reasonOf(fetchImageSafely('http://[::ffff:127.0.0.1]/x.png'))).toBe('blocked_address');
    expect(await reasonOf(fetchImageSafely('http://2130706433/x.png'))).toBe('blocked_address');
  });

  it('private, carrier-NAT, link-local and metadata addresses, literal or resolved', async () => {
    for (const url of [
      'http://10.0.0.1/x.png',
      'http://192.168.1.20/x.png',
      'http://172.20.0.5/x.png',
      'http://100.64.1.1/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/x.png',
      'http://[fd00:ec2::254]/x.png',
      'http://0.0.0.0/x.png',
    ]) {
      expect(await reasonOf(fetchImageSafely(url)), url).toBe('blocked_address');
    }
    const metadata: Resolver = async () => [{ address: '169.254.169.254', family: 4 }];
    expect(await reasonOf(fetchImageSafely('http://metadata.google.internal/x.png', { resolve: metadata }))).toBe('blocked_address');
  });

  it('a name with one public and one private answer', async () => {
    const mixed: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '192.168.0.10', family: 4 },
    ];
    expect(await reasonOf(resolveSafeTarget(new URL('https://imagenes.ejemplo.es/a.png'), { resolve: mixed }))).toBe('blocked_address');
  });

  it('a redirect to a private address, to the metadata service or to another scheme, and endless redirects', async () => {
    expect(await reasonOf(fetchImageSafely(`${base}/to-private`, { allowHosts }))).toBe('blocked_address');
    expect(await reasonOf(fetchImageSafely(`${base}/to-metadata`, { allowHosts }))).toBe('blocked_address');
    expect(await reasonOf(fetchImageSafely(`${base}/to-file`, { allowHosts }))).toBe('scheme');
    expect(await reasonOf(fetchImageSafely(`${base}/loop`, { allowHosts }))).toBe('too_many_redirects');
  });

  it('schemes other than http and https, and URLs with credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://ejemplo.es/a.png', 'data:image/png;base64,AAAA', 'gopher://ejemplo.es/', 'javascript:alert(1)']) {
      expect(await reasonOf(fetchImageSafely(url)), url).toBe('scheme');
    }
    expect(await reasonOf(fetchImageSafely('no es una url'))).toBe('invalid_url');
    expect(await reasonOf(fetchImageSafely('http://user:pass@ejemplo.es/a.png'))).toBe('invalid_url');
  });

  it('bodies over the size limit, declared or streamed', async () => {
    expect(await reasonOf(fetchImageSafely(`${base}/big-declared`, { allowHosts }))).toBe('too_large');
    expect(await reasonOf(fetchImageSafely(`${base}/big-streamed`, { allowHosts }))).toBe('too_large');
    expect(await reasonOf(fetchImageSafely(`${base}/image.png`, { allowHosts, maxBytes: 10 }))).toBe('too_large');
  });

  it('a server that never finishes, at the total deadline', async () => {
    const started = Date.now();
    expect(await reasonOf(fetchImageSafely(`${base}/slow`, { allowHosts, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('non-image content types, SVG, and bytes that are not an image whatever the header says', async () => {
    expect(await reasonOf(fetchImageSafely(`${base}/html`, { allowHosts }))).toBe('not_image');
    expect(await reasonOf(fetchImageSafely(`${base}/svg`, { allowHosts }))).toBe('not_image');
    expect(await reasonOf(fetchImageSafely(`${base}/fake-png`, { allowHosts }))).toBe('not_image');
    expect(await reasonOf(fetchImageSafely(`${base}/missing`, { allowHosts }))).toBe('http_status');
  });
});

describe('fetchImageSafely accepts', () => {
  it('a public-looking name, and connects to the address it checked', async () => {
    const publicName: Resolver = async () => [{ address: '93.184.215.14', family: 4 }];
    expect(await resolveSafeTarget(new URL('https://imagenes.ejemplo.es/a.png'), { resolve: publicName })).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('an image from an explicitly allowed test host, also through a redirect', async () => {
    const direct = await fetchImageSafely(`${base}/image.png`, { allowHosts });
    expect(direct.contentType).toBe('image/png');
    expect(Buffer.from(direct.bytes).equals(png)).toBe(true);
    const redirected = await fetchImageSafely(`${base}/redirect`, { allowHosts });
    expect(redirected.finalUrl).toBe(`${base}/image.png`);
  });

  it('connects to the checked address even if the name would now resolve elsewhere (no DNS rebinding)', async () => {
    const port = new URL(base).port;
    let calls = 0;
    // First answer is the allowed test host; any later lookup would say 10.0.0.1, and must never be asked.
    const rebinding: Resolver = async () => (++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]);
    const fetched = await fetchImageSafely(`http://fotos.test:${port}/image.png`, { allowHosts: [`fotos.test:${port}`], resolve: rebinding });
    expect(fetched.contentType).toBe('image/png');
    expect(calls).toBe(1);
  });
});
