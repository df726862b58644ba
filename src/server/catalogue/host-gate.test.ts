import { describe, expect, it } from 'vitest';
import { HostGate } from './host-gate.ts';

describe('HostGate', () => {
  it('runs one request per host at a time, rested, while other hosts go side by side', async () => {
    let clock = 0;
    const slept: number[] = [];
    const gate = new HostGate({
      delayMs: 1_000,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
    });
    const events: string[] = [];
    const request = (host: string, name: string) =>
      gate.run(host, async () => {
        events.push(`${name}:inicio@${clock}`);
        await Promise.resolve();
        clock += 10;
        events.push(`${name}:fin@${clock}`);
        return name;
      });
    const results = await Promise.all([request('a.example', 'a1'), request('a.example', 'a2'), request('B.example', 'b1')]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    // a2 starts only after a1 ended and the pause passed; b1 did not wait for host a.
    expect(events.indexOf('a1:fin@10') < events.findIndex((event) => event.startsWith('a2:inicio'))).toBe(true);
    expect(slept).toContain(1_000);
    expect(events.some((event) => event.startsWith('b1:inicio@0'))).toBe(true);
  });

  it('slows a host down as its robots.txt asks, up to a cap, and keeps going after a failed request', async () => {
    const clock = 0;
    const slept: number[] = [];
    const gate = new HostGate({ delayMs: 100, maxDelayMs: 5_000, now: () => clock, sleep: async (ms) => void slept.push(ms) });
    gate.slowDown('lento.example', 60);
    await expect(gate.run('lento.example', () => Promise.reject(new Error('caída')))).rejects.toThrow('caída');
    await gate.run('lento.example', async () => 'otra vez');
    expect(slept).toEqual([5_000]);
  });
});
