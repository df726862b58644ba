import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, routeSlug } from './reserved-slugs.ts';

describe('RESERVED_SLUGS', () => {
  it('names every top-level route and public file, so no publication can take their address', () => {
    const names = [...readdirSync('src/pages'), ...readdirSync('public')].map(routeSlug).filter((name): name is string => Boolean(name));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(RESERVED_SLUGS, name).toContain(name);
  });
});
