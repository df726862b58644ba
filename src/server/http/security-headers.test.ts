import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
});
