import { afterEach, describe, expect, it, vi } from 'vitest';
import { microCache } from './micro-cache.ts';

afterEach(() => vi.useRealTimers());

describe('microCache', () => {
  it('shares one load between concurrent and fresh identical requests', async () => {
    const cached = microCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    const results = await Promise.all([cached('a', load), cached('a', load), cached('a', load)]);
    expect(results).toEqual([1, 1, 1]);
    expect(await cached('b', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('refreshes a value older than its time to live in the background, serving the old one meanwhile', async () => {
    vi.useFakeTimers();
    const cached = microCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    await cached('a', load);
    vi.advanceTimersByTime(999);
    expect(await cached('a', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cached('a', load)).toBe(1);
    expect(await cached('a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps serving the old value when a background refresh fails, and tries again', async () => {
    vi.useFakeTimers();
    const cached = microCache<number>(1_000);
    await cached('a', async () => 1);
    vi.advanceTimersByTime(1_001);
    expect(await cached('a', () => Promise.reject(new Error('caída')))).toBe(1);
    await Promise.resolve();
    expect(await cached('a', async () => 3)).toBe(1);
    expect(await cached('a', async () => 4)).toBe(3);
  });

  it('does not keep failures', async () => {
    const cached = microCache<number>(60_000);
    await expect(cached('a', () => Promise.reject(new Error('caída')))).rejects.toThrow('caída');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cached('a', async () => 7)).toBe(7);
  });

  it('forgets the oldest entries beyond its size', async () => {
    const cached = microCache<string>(60_000, 2);
    let loads = 0;
    const load = (value: string) => async () => (loads++, value);
    await cached('a', load('a'));
    await cached('b', load('b'));
    await cached('c', load('c'));
    await cached('a', load('a2'));
    expect(loads).toBe(4);
  });
});
