/**
 * Live view counts for every open tool page served by this process. PostgreSQL is the source of
 * truth (views are counted by any worker or machine), and LISTEN/NOTIFY cannot carry the changes
 * everywhere: transaction-mode poolers such as Supabase's do not support LISTEN (nor did PGlite's
 * socket, the embedded database until 2026-11). So one query per interval reads the counts of all
 * watched tools, however many clients watch them, and only changes are pushed.
 */
export type ViewsListener = (views: number) => void;

export interface LiveCountsOptions {
  read: (toolIds: string[]) => Promise<Map<string, number>>;
  intervalMs: number;
  maxClients: number;
}

interface Watched {
  views: number;
  listeners: Set<ViewsListener>;
}

export class LiveViewCounts {
  readonly #options: LiveCountsOptions;
  readonly #watched = new Map<string, Watched>();
  #clients = 0;
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<void> | undefined;

  constructor(options: LiveCountsOptions) {
    this.#options = options;
  }

  get clients(): number {
    return this.#clients;
  }

  get full(): boolean {
    return this.#clients >= this.#options.maxClients;
  }

  /**
   * Watches a tool whose count the caller has just read; the listener hears every later change.
   * Returns the unsubscribe function, or null when this process already serves its maximum.
   */
  subscribe(toolId: string, knownViews: number, listener: ViewsListener): (() => void) | null {
    if (this.full) return null;
    this.#clients++;
    let watched = this.#watched.get(toolId);
    if (!watched) {
      watched = { views: knownViews, listeners: new Set() };
      this.#watched.set(toolId, watched);
    } else if (watched.views > knownViews) {
      listener(watched.views);
    }
    watched.listeners.add(listener);
    this.#timer ??= setInterval(() => void this.poll(), this.#options.intervalMs).unref();
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.#clients--;
      watched.listeners.delete(listener);
      if (watched.listeners.size === 0 && this.#watched.get(toolId) === watched) this.#watched.delete(toolId);
      if (this.#clients === 0) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    };
  }

  /** One read for all watched tools; a slow database never gets a second poll on top of the first. */
  poll(): Promise<void> {
    this.#polling ??= this.#pollOnce().finally(() => {
      this.#polling = undefined;
    });
    return this.#polling;
  }

  async #pollOnce(): Promise<void> {
    const ids = [...this.#watched.keys()];
    if (ids.length === 0) return;
    let counts: Map<string, number>;
    try {
      counts = await this.#options.read(ids);
    } catch (error) {
      // Clients keep their last count; the next interval tries again.
      console.error('Recuento de visitas en directo:', (error as Error).message);
      return;
    }
    for (const [id, views] of counts) {
      const watched = this.#watched.get(id);
      if (!watched || watched.views === views) continue;
      watched.views = views;
      for (const listener of watched.listeners) listener(views);
    }
  }
}
