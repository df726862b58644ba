/**
 * Politeness for the link checker: one request at a time per host, and a pause between two requests to the same
 * host (longer when its robots.txt asks for a Crawl-delay). Requests to different hosts run side by side.
 */

export interface HostGateOptions {
  /** The least time between the end of one request to a host and the start of the next. */
  delayMs: number;
  /** The longest pause a site's Crawl-delay may impose on us; a longer ask is capped, not ignored. */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

interface HostState {
  tail: Promise<void>;
  freeAt: number;
  delayMs: number;
}

export class HostGate {
  private readonly hosts = new Map<string, HostState>();
  private readonly delayMs: number;
  private readonly maxDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(options: HostGateOptions) {
    this.delayMs = options.delayMs;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { tail: Promise.resolve(), freeAt: 0, delayMs: this.delayMs };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** A host asked (robots.txt Crawl-delay) for more time between requests. */
  slowDown(host: string, seconds: number): void {
    const state = this.state(host.toLowerCase());
    state.delayMs = Math.min(Math.max(state.delayMs, seconds * 1000), this.maxDelayMs);
  }

  /** Runs `request` when the host is free and rested; its result or error is passed through. */
  run<T>(host: string, request: () => Promise<T>): Promise<T> {
    const state = this.state(host.toLowerCase());
    const turn = state.tail.then(async () => {
      const wait = state.freeAt - this.now();
      if (wait > 0) await this.sleep(wait);
      try {
        return await request();
      } finally {
        state.freeAt = this.now() + state.delayMs;
      }
    });
    // The next request waits for this one to finish, whether it succeeded or not.
    state.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }
}
