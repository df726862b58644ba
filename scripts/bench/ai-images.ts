/**
 * What POST /api/ai/images adds on top of the provider: the same 1024×1024 image asked of the fake
 * provider directly and through the endpoint (which also re-encodes, stores and records it), one at a
 * time and N at once, and the server's resident memory per concurrent generation.
 */
import { readFileSync } from 'node:fs';
import { processTree } from './process-tree.ts';

export interface ImageBenchResult {
  runs: number;
  concurrent: number;
  sequential: { providerMs: number; endpointMs: number };
  parallel: { providerMs: number; endpointMs: number; endpointP90Ms: number };
  baselineRssMib: number;
  peakRssMib: number;
  perGenerationMib: number;
  failures: number;
}

const SIZE = { width: 1024, height: 1024 };
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * 0.9))]!;

function treeRssMib(pid: number): number {
  let kib = 0;
  for (const member of processTree(pid)) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended while being read.
    }
  }
  return kib / 1024;
}

let sequence = 0;
const visitor = () => `session_${Date.now()}_img${String(sequence++).padStart(6, '0')}`;

async function timed(task: () => Promise<boolean>): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  const ok = await task().catch(() => false);
  return { ms: performance.now() - started, ok };
}

/** The provider's own time: the request the Pollinations adapter makes for one image. */
function fromProvider(providerImageUrl: string) {
  return timed(async () => {
    const seed = sequence++;
    const query = new URLSearchParams({
      width: String(SIZE.width),
      height: String(SIZE.height),
      seed: String(seed),
      model: 'flux',
      nologo: 'true',
      enhance: 'true',
    });
    const response = await fetch(`${providerImageUrl}/${encodeURIComponent(`banco ${seed}, high quality`)}?${query}`);
    await response.arrayBuffer();
    return response.ok;
  });
}

function fromEndpoint(siteUrl: string) {
  return timed(async () => {
    const response = await fetch(`${siteUrl}/api/ai/images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: `banco ${sequence++}`, count: 1, size: `${SIZE.width}x${SIZE.height}`, sessionId: visitor() }),
    });
    await response.arrayBuffer();
    return response.ok;
  });
}

export async function measureImageGeneration(options: {
  siteUrl: string;
  providerImageUrl: string;
  serverPid: number;
  runs?: number;
  concurrent?: number;
}): Promise<ImageBenchResult> {
  const runs = options.runs ?? 7;
  const concurrent = options.concurrent ?? 10;
  // Warm both paths so the first import and connection are not counted.
  await fromProvider(options.providerImageUrl);
  await fromEndpoint(options.siteUrl);
  const sequential = { provider: [] as number[], endpoint: [] as number[] };
  let failures = 0;
  for (let run = 0; run < runs; run++) {
    sequential.provider.push((await fromProvider(options.providerImageUrl)).ms);
    const endpoint = await fromEndpoint(options.siteUrl);
    sequential.endpoint.push(endpoint.ms);
    if (!endpoint.ok) failures++;
  }
  const parallel = { provider: [] as number[], endpoint: [] as number[] };
  const baselineRssMib = treeRssMib(options.serverPid);
  let peakRssMib = baselineRssMib;
  for (let round = 0; round < 3; round++) {
    parallel.provider.push(...(await Promise.all(Array.from({ length: concurrent }, () => fromProvider(options.providerImageUrl)))).map((result) => result.ms));
    const sampler = setInterval(() => (peakRssMib = Math.max(peakRssMib, treeRssMib(options.serverPid))), 10);
    const results = await Promise.all(Array.from({ length: concurrent }, () => fromEndpoint(options.siteUrl)));
    clearInterval(sampler);
    parallel.endpoint.push(...results.map((result) => result.ms));
    failures += results.filter((result) => !result.ok).length;
  }
  return {
    runs,
    concurrent,
    sequential: { providerMs: median(sequential.provider), endpointMs: median(sequential.endpoint) },
    parallel: { providerMs: median(parallel.provider), endpointMs: median(parallel.endpoint), endpointP90Ms: p90(parallel.endpoint) },
    baselineRssMib,
    peakRssMib,
    perGenerationMib: (peakRssMib - baselineRssMib) / concurrent,
    failures,
  };
}
