import { afterEach, describe, expect, it } from 'vitest';
import { oncePerBuild, RENDER_GENERATION_ENV } from './once-per-build.ts';

afterEach(() => {
  delete process.env[RENDER_GENERATION_ENV];
});

describe('oncePerBuild', () => {
  it('reads once while the generation stays, and again for each new one', async () => {
    let reads = 0;
    const read = oncePerBuild(async () => ++reads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    process.env[RENDER_GENERATION_ENV] = '1';
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
    process.env[RENDER_GENERATION_ENV] = '2';
    expect(await read()).toBe(3);
  });

  it('forgets a failed read, so the next page reads again', async () => {
    let reads = 0;
    const read = oncePerBuild(async () => {
      reads++;
      if (reads === 1) throw new Error('la base de datos no respondió');
      return reads;
    });
    await expect(read()).rejects.toThrow('no respondió');
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });
});
