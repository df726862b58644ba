import { describe, expect, it } from 'vitest';
import { concurrencyLimit, singleFlight } from './draw-queue.ts';

/** A promise and the function that settles it, for tasks that finish when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('singleFlight', () => {
  it('gives concurrent callers of one key the same run, and runs again once it has finished', async () => {
    const once = singleFlight<number>();
    let runs = 0;
    const gate = deferred<number>();
    const task = () => {
      runs++;
      return gate.promise;
    };
    const first = once('a', task);
    const second = once('a', task);
    expect(second).toBe(first);
    gate.resolve(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(runs).toBe(1);
    await once('a', async () => {
      runs++;
      return 8;
    });
    expect(runs).toBe(2);
  });

  it('keeps keys apart and forgets a failed run, so the next caller tries again', async () => {
    const once = singleFlight<string>();
    const failing = once('x', () => Promise.reject(new Error('sin disco')));
    const other = once('y', async () => 'y');
    await expect(failing).rejects.toThrow('sin disco');
    expect(await other).toBe('y');
    expect(await once('x', async () => 'otra vez')).toBe('otra vez');
  });

  it('turns a task that throws before returning a promise into a rejection', async () => {
    const once = singleFlight<number>();
    await expect(
      once('z', () => {
        throw new Error('síncrono');
      }),
    ).rejects.toThrow('síncrono');
  });
});

describe('concurrencyLimit', () => {
  it('never runs more than the limit at once and starts the waiting tasks in order', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => deferred<void>());
    const tasks = gates.map((gate, index) =>
      limit(async () => {
        started.push(index);
        running++;
        peak = Math.max(peak, running);
        await gate.promise;
        running--;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('frees the place of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('falló')))).rejects.toThrow('falló');
    expect(await limit(async () => 'siguiente')).toBe('siguiente');
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
    expect(() => concurrencyLimit(1.5)).toThrow(RangeError);
  });
});
