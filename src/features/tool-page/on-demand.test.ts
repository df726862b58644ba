import { describe, expect, it } from 'vitest';
import { freshCache } from './on-demand.server.ts';
import { toolPageSlug } from '../../server/http/stale-pages.ts';

describe('on-demand tool pages', () => {
  it('recognises tool page paths only', () => {
    expect(toolPageSlug('/chatgpt')).toBe('chatgpt');
    expect(toolPageSlug('/chatgpt.html')).toBe('chatgpt');
    expect(toolPageSlug('/')).toBeNull();
    expect(toolPageSlug('/categoria/escritura')).toBeNull();
    expect(toolPageSlug('/Mayus')).toBeNull();
  });

  it('caches strictly: fresh entries are shared, stale ones reloaded, failures forgotten', async () => {
    let loads = 0;
    const cache = freshCache<number>(30);
    const load = () => Promise.resolve(++loads);
    expect(await Promise.all([cache('a', load), cache('a', load)])).toEqual([1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache('a', load)).toBe(2);
    await expect(cache('b', () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(await cache('b', load)).toBe(3);
  });
});
