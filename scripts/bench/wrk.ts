/** Load tests with wrk (loopback only) and the parsing of its `--latency` report. */
import { execFile } from 'node:child_process';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Socket errors (connect, read, write, timeout) plus non-2xx/3xx responses. */
  errors: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function toMs(value: string, unit: string): number {
  return Number(value) * (UNIT_MS[unit] ?? Number.NaN);
}

/** Reads wrk's text report; throws when the figures we need are missing. */
export function parseWrk(output: string): LoadResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /^\s*50%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const total = /(\d+) requests in/.exec(output);
  if (!rps || !p50 || !p99 || !total) throw new Error(`Salida de wrk inesperada:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return {
    requestsPerSecond: Number(rps[1]),
    p50Ms: toMs(p50[1]!, p50[2]!),
    p99Ms: toMs(p99[1]!, p99[2]!),
    requests: Number(total[1]),
    errors: socketErrors + non2xx,
  };
}

export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!/^127\.\d+\.\d+\.\d+$/.test(host) && host !== 'localhost' && host !== '[::1]') {
    throw new Error(`La prueba de carga solo se dirige a la propia máquina, no a ${host}.`);
  }
}

export function runWrk(url: string, options: { connections: number; seconds: number; threads: number }): Promise<LoadResult> {
  assertLoopback(url);
  const args = ['-t', String(options.threads), '-c', String(options.connections), '-d', `${options.seconds}s`, '--timeout', '5s', '--latency', url];
  return new Promise((resolve, reject) => {
    // wrk stops itself after -d; the outer timeout only guards against a hung process.
    execFile('wrk', args, { timeout: (options.seconds + 30) * 1000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk falló: ${stderr || error.message}`));
      else {
        try {
          resolve(parseWrk(stdout));
        } catch (parseError) {
          reject(parseError as Error);
        }
      }
    });
  });
}
