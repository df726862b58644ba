/**
 * Our server against nginx on the same built files, with as many nginx workers as our serving processes.
 * The two run back to back, a few rounds in alternating order, and the report takes each figure's median: on a shared
 * machine one round can land on a busy second. Each run also reads the CPU its server used, whose cost per request
 * does not depend on what the neighbours are doing.
 */
import { treeCpuMs } from './process-tree.ts';
import type { RunningServer } from './servers.ts';
import { runWrk, type LoadResult } from './wrk.ts';

export interface ServedLoad extends LoadResult {
  /** CPU (user + system) of the server's whole process tree per request, in µs. */
  cpuMicrosPerRequest: number;
}

export interface StaticComparison {
  /** Medians over the rounds. */
  ours: ServedLoad;
  nginx: ServedLoad;
  /** Median of each round's ours / nginx requests per second, and of p99 ours / nginx. */
  throughputRatio: number;
  p99Ratio: number;
  rounds: { ours: ServedLoad; nginx: ServedLoad }[];
}

export interface CompareOptions {
  ours: RunningServer;
  nginx: RunningServer;
  path: string;
  rounds: number;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianLoad(loads: ServedLoad[]): ServedLoad {
  const of = (pick: (load: ServedLoad) => number) => median(loads.map(pick));
  return {
    requestsPerSecond: of((load) => load.requestsPerSecond),
    p50Ms: of((load) => load.p50Ms),
    p99Ms: of((load) => load.p99Ms),
    requests: of((load) => load.requests),
    errors: loads.reduce((sum, load) => sum + load.errors, 0),
    cpuMicrosPerRequest: of((load) => load.cpuMicrosPerRequest),
  };
}

async function measure(server: RunningServer, url: string, options: CompareOptions): Promise<ServedLoad> {
  // A discarded first second lets the JIT and caches settle, as they would on a live server.
  await runWrk(url, { connections: options.connections, seconds: options.warmUpSeconds, threads: 2 });
  const cpuBefore = treeCpuMs(server.pid);
  const result = await runWrk(url, { connections: options.connections, seconds: options.seconds, threads: 2 });
  const cpuMs = treeCpuMs(server.pid) - cpuBefore;
  return { ...result, cpuMicrosPerRequest: result.requests > 0 ? (cpuMs * 1000) / result.requests : 0 };
}

export async function compareWithNginx(options: CompareOptions): Promise<StaticComparison> {
  const rounds: { ours: ServedLoad; nginx: ServedLoad }[] = [];
  for (let round = 0; round < options.rounds; round++) {
    // Alternating who goes first spreads a slow stretch of the machine over both servers.
    const order = round % 2 === 0 ? (['ours', 'nginx'] as const) : (['nginx', 'ours'] as const);
    const loads: Partial<Record<'ours' | 'nginx', ServedLoad>> = {};
    for (const name of order) loads[name] = await measure(options[name], `${options[name].url}${options.path}`, options);
    rounds.push({ ours: loads.ours!, nginx: loads.nginx! });
  }
  return {
    ours: medianLoad(rounds.map((round) => round.ours)),
    nginx: medianLoad(rounds.map((round) => round.nginx)),
    throughputRatio: median(rounds.map((round) => round.ours.requestsPerSecond / round.nginx.requestsPerSecond)),
    p99Ratio: median(rounds.map((round) => round.ours.p99Ms / round.nginx.p99Ms)),
    rounds,
  };
}
