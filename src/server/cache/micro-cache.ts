/**
 * A few seconds of in-process caching with request coalescing: every identical request that
 * arrives while a value is loading or fresh shares one database query. Failures are not kept.
 * Each server process has its own; nothing in it is needed by another instance.
 */
export function microCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return function cached(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    entries.delete(key);
    entries.set(key, { expires: now + ttlMs, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    // Map keeps insertion order, so the first key is the oldest.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return value;
  };
}
