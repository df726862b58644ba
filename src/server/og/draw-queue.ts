/**
 * How the server shares out the drawing of social images on demand (docs/decisions/015): one drawing per image however
 * many requests ask for it at once, and a bounded number of drawings at a time, the rest waiting their turn, so a burst
 * of requests for many images costs queued promises, not one 1200×630 bitmap each in memory at once.
 */

/** Runs `task` once per key while it is running: a caller asking for a key in flight gets the same promise. */
export function singleFlight<T>(): (key: string, task: () => Promise<T>) => Promise<T> {
  const flying = new Map<string, Promise<T>>();
  return (key, task) => {
    const current = flying.get(key);
    if (current) return current;
    const started = Promise.resolve()
      .then(task)
      .finally(() => flying.delete(key));
    flying.set(key, started);
    return started;
  };
}

/** Runs at most `limit` tasks at a time; the others wait, first come first served. */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`El límite de tareas a la vez debe ser un entero positivo: ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running++;
    // The finishing task hands its place straight to the next one, so `running` never exceeds the limit.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
