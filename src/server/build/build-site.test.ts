import { describe, expect, it } from 'vitest';
import { astroProgress } from './build-site.ts';

describe('build progress', () => {
  it("follows astro's output: compiling, then pages written out of those expected, never past the search index's share", () => {
    const reports: [string, number][] = [];
    const feed = astroProgress(4, (phase, percent) => reports.push([phase, percent]));
    feed('12:00:00 [build] Building static entrypoints...\n\x1b[42m\x1b[30m generating static ');
    feed('routes \x1b[39m\x1b[49m\n▶ src/pages/[slug].astro\n  \x1b[34m├─\x1b[39m \x1b[2m/chatgpt.html\x1b[22m (+3ms)\n');
    feed('  ├─ /claude.html (+2ms)\n  ├─ /gemini.html (+2ms)\n  ├─ /a.html\n  ├─ /b.html\n  ├─ /c.html\n');
    expect(reports[0]).toEqual(['Compilando el sitio', 2]);
    expect(reports[1]).toEqual(['Generando páginas', 15]);
    expect(reports.slice(2).map(([, percent]) => percent)).toEqual([32, 50, 67, 85, 85, 85]);
  });
});
