import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADSENSE_SCRIPT_URL, adNetworkSources } from '../ads/ads-policy.ts';
import { baseSecurityHeaders, inlineScriptHashes, pagePolicy } from './security-headers.ts';

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('security headers', () => {
  it('hash the inline scripts a page runs, and only those', () => {
    const html = [
      '<script>console.log(1)</script>',
      '<script type="module">import("/x.js")</script>',
      '<script type="application/ld+json">{"@type":"WebSite"}</script>',
      '<script type="module" src="/_astro/a.js"></script>',
      '<script>console.log(1)</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('console.log(1)'), sha('import("/x.js")')]);
  });

  it('give pages a policy without unsafe-inline scripts and never framable, https adding HSTS', () => {
    const policy = pagePolicy({ https: false }, ["'sha256-abc'"]);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(baseSecurityHeaders({ https: false })).not.toHaveProperty('strict-transport-security');
    expect(baseSecurityHeaders({ https: true })).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(pagePolicy({ https: true })).toContain('upgrade-insecure-requests');
  });

  it('admit an ad network only when asked: its scripts, frames and beacons, all over https for AdSense', () => {
    const plain = pagePolicy({ https: true }, ["'sha256-abc'"]);
    expect(plain).not.toContain('googlesyndication');
    const withAds = pagePolicy({ https: true }, ["'sha256-abc'"], adNetworkSources(ADSENSE_SCRIPT_URL));
    const directive = (name: string) => withAds.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain("'sha256-abc' https://pagead2.googlesyndication.com");
    expect(directive('frame-src')).toContain('https://googleads.g.doubleclick.net');
    expect(directive('connect-src')).toContain('https://pagead2.googlesyndication.com');
    expect(withAds).not.toMatch(/unsafe-inline[^;]*script|script-src[^;]*unsafe-inline|http:\/\//);
    expect(withAds).toContain("frame-ancestors 'none'");
    // Another loader (the tests' fake network): its own origin, the same object each time (cached policies).
    const fake = adNetworkSources('http://127.0.0.1:9999/pagead/js/adsbygoogle.js');
    expect(fake).toEqual({ script: ['http://127.0.0.1:9999'], frame: ['http://127.0.0.1:9999'], connect: ['http://127.0.0.1:9999'] });
    expect(adNetworkSources('http://127.0.0.1:9999/pagead/js/adsbygoogle.js')).toBe(fake);
  });
});
