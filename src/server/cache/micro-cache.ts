/**
 * A few seconds of in-process caching with request coalescing: every identical request that
 * arrives while a value is loading or fresh shares one database query. Once a value is older than
 * its time to live, the next request still gets it while one refresh runs in the background, so no
 * request waits on the database after the first. Failures are not kept.
 * Each server process has its own; nothing in it is needed by another instance.
 */
interface Entry<T> {
  expires: number;
  value: Promise<T>;
  settled: boolean;
  refreshing: boolean;
}

export function microCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, Entry<T>>();

  function store(key: string, load: () => Promise<T>): Entry<T> {
    const entry: Entry<T> = { expires: Date.now() + ttlMs, value: load(), settled: false, refreshing: false };
    entry.value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    entries.delete(key);
    entries.set(key, entry);
    // Map keeps insertion order, so the first key is the oldest.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return entry;
  }

  return function cached(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (!hit) return store(key, load).value;
    if (hit.expires > Date.now() || !hit.settled) return hit.value;
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = load();
      next.then(
        (value) => {
          if (entries.get(key) === hit) store(key, () => Promise.resolve(value));
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.value;
  };
}
