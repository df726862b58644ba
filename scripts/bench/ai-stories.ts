/**
 * What the story endpoint adds on top of the provider: time to first byte and total time of the same
 * streamed story asked of the fake provider directly and through POST /api/ai/stories, and the server's
 * resident memory per concurrent generation.
 */
import { readFileSync } from 'node:fs';
import { storyUserText } from '../../src/server/ai/prompts.ts';
import { processTree } from './process-tree.ts';

export interface StreamTiming {
  firstByteMs: number;
  totalMs: number;
  status: number;
}

export interface StoryBenchResult {
  runs: number;
  chunkDelayMs: number;
  provider: { firstByteMs: number; totalMs: number };
  endpoint: { firstByteMs: number; totalMs: number };
  concurrent: number;
  baselineRssMib: number;
  peakRssMib: number;
  perGenerationKib: number;
  concurrentFailures: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeStream(url: string, body: unknown): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const reader = response.body!.getReader();
  let firstByteMs = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (firstByteMs < 0 && value.byteLength > 0) firstByteMs = performance.now() - started;
  }
  return { firstByteMs, totalMs: performance.now() - started, status: response.status };
}

function treeRssKib(pid: number): number {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

let visitorSequence = 0;
const visitor = () => `session_${Date.now()}_bench${String(visitorSequence++).padStart(4, '0')}`;

export async function measureStoryStreaming(options: {
  siteUrl: string;
  providerTextUrl: string;
  serverPid: number;
  runs?: number;
  concurrent?: number;
}): Promise<StoryBenchResult> {
  const runs = options.runs ?? 15;
  const concurrent = options.concurrent ?? 20;
  const chunkDelayMs = 20;
  const story = { genre: 'aventura', audience: 'young', length: 'short', language: 'es' } as const;
  const prompt = `un faro en la niebla [retraso:${chunkDelayMs}]`;
  const providerBody = { model: 'openai', stream: true, messages: [{ role: 'user', content: storyUserText({ ...story, prompt }) }] };
  const endpointBody = (text: string) => ({ ...story, prompt: text, anonymousSessionId: visitor() });

  // Warm-up: module loading, database connections, JIT.
  for (let index = 0; index < 3; index++) {
    await timeStream(options.providerTextUrl, providerBody);
    await timeStream(`${options.siteUrl}/api/ai/stories`, endpointBody(prompt));
  }
  const provider: StreamTiming[] = [];
  const endpoint: StreamTiming[] = [];
  for (let index = 0; index < runs; index++) {
    provider.push(await timeStream(options.providerTextUrl, providerBody));
    const timing = await timeStream(`${options.siteUrl}/api/ai/stories`, endpointBody(prompt));
    if (timing.status !== 200) throw new Error(`POST /api/ai/stories respondió ${timing.status}`);
    endpoint.push(timing);
  }

  // Concurrent streams held open long enough (slow chunks) for the sampler to see them all at once.
  const baseline = treeRssKib(options.serverPid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssKib(options.serverPid))), 25);
  const results = await Promise.all(
    Array.from({ length: concurrent }, (_, index) => timeStream(`${options.siteUrl}/api/ai/stories`, endpointBody(`historia ${index} [retraso:150]`))),
  );
  clearInterval(sampler);
  return {
    runs,
    chunkDelayMs,
    provider: { firstByteMs: median(provider.map((entry) => entry.firstByteMs)), totalMs: median(provider.map((entry) => entry.totalMs)) },
    endpoint: { firstByteMs: median(endpoint.map((entry) => entry.firstByteMs)), totalMs: median(endpoint.map((entry) => entry.totalMs)) },
    concurrent,
    baselineRssMib: baseline / 1024,
    peakRssMib: peak / 1024,
    perGenerationKib: Math.max(0, peak - baseline) / concurrent,
    concurrentFailures: results.filter((entry) => entry.status !== 200).length,
  };
}
