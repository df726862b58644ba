/**
 * Runs a command and measures its wall time and the peak memory of its whole process tree
 * (the build spawns `astro build` and Pagefind's binary, so the parent's own RSS would undercount).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export interface MeasuredRun {
  ok: boolean;
  exitCode: number | null;
  durationMs: number;
  /** Highest sum of VmRSS over the tree seen by the sampler, in KiB. */
  peakTreeRssKib: number;
  /** Highest VmHWM of any single process of the tree, in KiB. */
  peakProcessKib: number;
  outputTail: string;
}

const SAMPLE_EVERY_MS = 100;

function parentsByPid(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the parenthesised command name: state, ppid, …
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return children;
}

export function processTree(root: number): number[] {
  const children = parentsByPid();
  const tree: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) used so far by a process and its descendants, in ms. Two readings around a load give the
 * CPU each request cost, a figure that holds on a shared machine where requests per second depend on the neighbours.
 */
export function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      // Fields after the command (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

const kibField = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

function memoryKib(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rss: kibField(status, 'VmRSS'), hwm: kibField(status, 'VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/**
 * One process's resident memory: RSS, and PSS (shared pages divided among the processes that share them,
 * so PostgreSQL's shared buffers count once over all its processes instead of once per process).
 */
export function processMemory(pid: number): { command: string; rssKib: number; pssKib: number } | undefined {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    const rssKib = memoryKib(pid).rss;
    let pssKib = rssKib;
    try {
      pssKib = kibField(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      // Kernels without smaps_rollup: RSS is the upper bound.
    }
    return { command, rssKib, pssKib };
  } catch {
    return undefined;
  }
}

/** Samples the tree's memory until stopped; returns the peaks seen. */
export function sampleTreeMemory(root: number): { stop(): { peakTreeRssKib: number; peakProcessKib: number } } {
  let peakTreeRssKib = 0;
  let peakProcessKib = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of processTree(root)) {
      const { rss, hwm } = memoryKib(pid);
      sum += rss;
      peakProcessKib = Math.max(peakProcessKib, hwm);
    }
    peakTreeRssKib = Math.max(peakTreeRssKib, sum);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return { peakTreeRssKib, peakProcessKib };
    },
  };
}

/** Sends a signal to a child and everything it started. */
export function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  for (const pid of processTree(child.pid).reverse()) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

export function runMeasured(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid === undefined) {
      reject(new Error(`No se pudo arrancar ${command}`));
      return;
    }
    const sampler = sampleTreeMemory(child.pid);
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timeout = setTimeout(() => {
      output += `\n(interrumpido tras ${options.timeoutMs / 1000} s)`;
      signalTree(child, 'SIGKILL');
    }, options.timeoutMs);
    child.on('error', reject);
    child.on('exit', (exitCode) => {
      clearTimeout(timeout);
      const peaks = sampler.stop();
      resolve({ ok: exitCode === 0, exitCode, durationMs: performance.now() - started, ...peaks, outputTail: output });
    });
  });
}
