/**
 * Keeps the embedded PostgreSQL running while the site serves: when the server exits without being asked to
 * (kill -9, a crash, the kernel's out-of-memory killer), it is started again on the same data directory and
 * port, with growing pauses between failed attempts. PostgreSQL's own crash recovery replays the WAL during that
 * start; the pools reconnect by themselves, since a pg pool drops broken connections and opens new ones.
 */
import type { PostgresProcess } from './postgres-server.ts';

/** Pause before each restart attempt (the last one repeats): quick for a one-off kill, gentle for a server that keeps failing. */
export const RESTART_BACKOFF_MS: readonly number[] = [100, 500, 1_000, 2_000, 5_000, 10_000, 30_000];

/** A server that stays up this long has recovered: its next fall starts the pauses from the beginning again. */
const STABLE_AFTER_MS = 60_000;

export interface SupervisedServer {
  /** The PID of the server running now (a restart changes it). */
  pid(): number;
  /** A deliberate stop: no restart follows it, and a restart under way is abandoned. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface SuperviseOptions {
  /** Starts the server again after `deadPid` exited; rejects when this attempt failed. */
  restart(deadPid: number): Promise<PostgresProcess>;
  log(line: string): void;
  /** False once the whole process is shutting down (a signal may stop PostgreSQL before our shutdown does). */
  mayRestart?: () => boolean;
  backoffMs?: readonly number[];
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}

/** Watches `first` and every server that replaces it until `stop()`. */
export function superviseServer(first: PostgresProcess, options: SuperviseOptions): SupervisedServer {
  const backoff = options.backoffMs ?? RESTART_BACKOFF_MS;
  let current = first;
  let stopping = false;
  let recovering: Promise<void> | undefined;
  let cancelPause: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        cancelPause = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      cancelPause = done;
    });
  const wanted = () => !stopping && (options.mayRestart?.() ?? true);

  async function recover(dead: PostgresProcess, level: number): Promise<void> {
    const downAt = Date.now();
    options.log(`Caída de la base de datos embebida (PID ${dead.pid}): se reinicia sola.`);
    for (let attempt = 1; ; attempt++) {
      await pause(backoff[Math.min(level + attempt - 1, backoff.length - 1)]!);
      if (!wanted()) return;
      options.log(`Reinicio de la base de datos embebida (intento ${attempt})…`);
      try {
        const next = await options.restart(dead.pid);
        if (!wanted()) {
          await next.stop();
          return;
        }
        current = next;
        options.log(`Base de datos embebida recuperada en ${Date.now() - downAt} ms (PID ${next.pid}).`);
        watch(next, level + attempt);
        return;
      } catch (error) {
        options.log(`Falló el reinicio de la base de datos embebida (intento ${attempt}): ${firstLine(error)}`);
      }
    }
  }

  function watch(server: PostgresProcess, level: number): void {
    const upAt = Date.now();
    void server.exited.then(() => {
      if (!wanted()) return;
      recovering = recover(server, Date.now() - upAt > STABLE_AFTER_MS ? 0 : level).finally(() => {
        recovering = undefined;
      });
    });
  }

  watch(first, 0);
  return {
    pid: () => current.pid,
    async stop(timeoutMs) {
      stopping = true;
      cancelPause?.();
      await recovering;
      await current.stop(timeoutMs);
    },
  };
}
