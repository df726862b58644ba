import { describe, expect, it } from 'vitest';
import { dynamicImports, pageResources, staticImports } from './page-weight.ts';
import { table, verdict } from './report.ts';
import { nginxConfig } from './servers.ts';
import { median } from './static-vs-nginx.ts';
import { percentile } from './sign-in.ts';
import { assertLoopback, parseWrk } from './wrk.ts';
import { cookieHeader, pickerCategoryIds } from './approval.ts';
import { parseBenchSizes } from './sizes.ts';
import { searchPageCategories } from './search.ts';

const WRK_OUTPUT = `Running 10s test @ http://127.0.0.1:4425/chatgpt
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    14.09ms    9.89ms  1.20s    81.04%
    Req/Sec   208.85    154.73   560.00     75.00%
  Latency Distribution
     50%  812.00us
     75%   16.83ms
     90%   27.91ms
     99%    1.25s
  41800 requests in 10.01s, 112.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:   4175.68
Transfer/sec:     11.19MB
`;

describe('parseWrk', () => {
  it('reads throughput, percentiles in any unit and every kind of error', () => {
    expect(parseWrk(WRK_OUTPUT)).toEqual({ requestsPerSecond: 4175.68, p50Ms: 0.812, p99Ms: 1250, requests: 41800, errors: 12 });
  });

  it('refuses output without the latency distribution', () => {
    expect(() => parseWrk('Requests/sec: 10\n')).toThrow(/wrk/);
  });
});

describe('assertLoopback', () => {
  it('allows only this machine', () => {
    expect(() => assertLoopback('http://127.0.0.1:4425/')).not.toThrow();
    expect(() => assertLoopback('http://localhost:4425/')).not.toThrow();
    expect(() => assertLoopback('http://192.168.1.5/')).toThrow();
    expect(() => assertLoopback('https://example.com/')).toThrow();
  });
});

describe('pageResources', () => {
  const html = `<html><head>
    <link rel="stylesheet" href="/_astro/a.css"><link rel="modulepreload" href="/_astro/pre.js"><link rel="icon" href="/favicon.svg">
    <script type="application/ld+json">{"@type":"WebSite"}</script>
    <script type="module" src="/_astro/page.js"></script>
    </head><body>
    <astro-island uid="1" component-url="/_astro/Filter.js" renderer-url="/_astro/client.js" props="{}" client="load"></astro-island>
    <astro-island uid="2" component-url="/_astro/Grid.js" renderer-url="/_astro/client.js" props="{}" client="intent"></astro-island>
    <script>document.documentElement.dataset.ready = '1'</script>
    </body></html>`;

  it('collects external scripts, preloads, islands, stylesheets and executable inline scripts only', () => {
    const resources = pageResources(html);
    expect(resources.scripts).toEqual(['/_astro/page.js', '/_astro/pre.js', '/_astro/Filter.js', '/_astro/client.js']);
    expect(resources.styles).toEqual(['/_astro/a.css']);
    expect(resources.inlineScripts).toEqual(["document.documentElement.dataset.ready = '1'"]);
  });

  it('keeps the islands that wait for the visitor (client:intent) apart from what loads with the page', () => {
    expect(pageResources(html).onIntentScripts).toEqual(['/_astro/Grid.js', '/_astro/client.js']);
  });
});

describe('staticImports', () => {
  it('follows minified static imports and re-exports, not dynamic imports or bare packages', () => {
    const source = `import{a as b}from"./chunk.A1.js";import"./side.js";export*from"./more.js";const c=()=>import("../../tests/unit/lazy.js");import x from"react";`;
    expect(staticImports(source).sort()).toEqual(['./chunk.A1.js', './more.js', './side.js']);
  });
});

describe('dynamicImports', () => {
  it('finds the modules a script loads later with import(), not its static imports or bare packages', () => {
    const source = `import{a}from"./chunk.js";const e=()=>__vitePreload(()=>import("./RichTextEditor.B2.js"),[]);const p=import( '/pagefind/pagefind.js' );import("react");const t=()=>import(\`./Lazy.C3.js\`);const v=import(\`./\${x}.js\`);`;
    expect(dynamicImports(source).sort()).toEqual(['./Lazy.C3.js', './RichTextEditor.B2.js', '/pagefind/pagefind.js']);
  });
});

describe('nginxConfig', () => {
  it('serves the build like our server, on loopback, with its files in the temporary folder', () => {
    const config = nginxConfig({ port: 4426, clientDir: '/srv/build/client', tempDir: '/tmp/bench', workers: 2 });
    expect(config).toContain('listen 127.0.0.1:4426;');
    // As many processes as ours (WEB_CONCURRENCY), not one per core.
    expect(config).toMatch(/^worker_processes 2;$/m);
    expect(config).toContain('root /srv/build/client;');
    expect(config).toContain('try_files $uri $uri.html $uri/index.html =404;');
    expect(config).toContain('pid /tmp/bench/nginx.pid;');
  });
});

describe('median', () => {
  it('takes the middle round, or the mean of the two middle ones', () => {
    expect(median([0.4, 0.95, 0.9])).toBe(0.9);
    expect(median([3, 1, 4, 2])).toBe(2.5);
  });
});

describe('table', () => {
  it('aligns figures right and words left', () => {
    expect(
      table(
        ['ruta', 'p99'],
        [
          ['/a', '9,5 ms'],
          ['/bb', '12,0 ms'],
        ],
      ).split('\n'),
    ).toEqual(['ruta │ p99    ', '─────┼────────', '/a   │  9,5 ms', '/bb  │ 12,0 ms']);
    expect(verdict(undefined)).toBe('· sin medir');
  });
});

describe('percentile', () => {
  it('takes the nearest rank of sorted latencies', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(percentile(twenty, 0.5)).toBe(10);
    expect(percentile(twenty, 0.95)).toBe(19);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('approval bench helpers', () => {
  it('joins Set-Cookie headers into one Cookie header', () => {
    expect(cookieHeader(['a=1; Path=/; HttpOnly', 'b=2; Secure'])).toBe('a=1; b=2');
    expect(cookieHeader(undefined)).toBe('');
  });

  it('reads category ids from the publish form’s serialized props', () => {
    const html =
      '<astro-island props="{&quot;categories&quot;:[1,[[0,{&quot;id&quot;:[0,&quot;d613355c-616b-4a84-8983-fe9792c7a696&quot;],&quot;name&quot;:[0,&quot;3D&quot;],&quot;slug&quot;:[0,&quot;3d&quot;],&quot;color&quot;:[0,&quot;#fff&quot;]}]]]}">';
    expect(pickerCategoryIds(html).get('3d')).toBe('d613355c-616b-4a84-8983-fe9792c7a696');
  });
});

describe('parseBenchSizes', () => {
  it('reads plain numbers, thousands separators and «k», smallest first and once each', () => {
    expect(parseBenchSizes('50000')).toEqual([50_000]);
    expect(parseBenchSizes('50.000, 10_000 10k')).toEqual([10_000, 50_000]);
    expect(parseBenchSizes(' 25K ')).toEqual([25_000]);
  });

  it('refuses empty lists, words, fractions and sizes the bench cannot grow to', () => {
    expect(() => parseBenchSizes(' , ')).toThrow(/vacía/);
    expect(() => parseBenchSizes('mucho')).toThrow(/«mucho»/);
    expect(() => parseBenchSizes('1.5k')).toThrow(/«1.5k»/);
    expect(() => parseBenchSizes('500')).toThrow(/«500»/);
    expect(() => parseBenchSizes('5000000')).toThrow(/«5000000»/);
  });
});

describe('searchPageCategories', () => {
  it('reads the categories /buscar offers, as the page reads its category filter, without «Todas las categorías»', () => {
    const html =
      '<label for="search-category">Categoría</label>' +
      '<select id="search-category" class="rounded-lg"><option value="">Todas las categorías</option>' +
      '<option value="3d">3D</option><option value="imagen">Imagen</option><option value="seo">SEO &amp; marketing</option></select>' +
      '<select id="search-sort"><option value="nuevas">Nuevas</option></select>';
    expect(searchPageCategories(html)).toEqual([
      { slug: '3d', name: '3D' },
      { slug: 'imagen', name: 'Imagen' },
      { slug: 'seo', name: 'SEO & marketing' },
    ]);
    expect(searchPageCategories('<main>sin filtro</main>')).toEqual([]);
  });
});
