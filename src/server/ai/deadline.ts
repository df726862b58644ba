/**
 * One timer per provider call that aborts the request when the provider goes quiet for too long. Streams
 * call touch() on every chunk, so a stalled stream ends with a timeout while a slow but steady one goes on.
 */
export class Deadline {
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #idleMs: number;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #total: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

  /** totalMs caps the whole call even while chunks keep arriving. */
  constructor(idleMs: number, callerSignal?: AbortSignal, totalMs?: number) {
    this.#idleMs = idleMs;
    this.signal = callerSignal ? AbortSignal.any([this.#controller.signal, callerSignal]) : this.#controller.signal;
    if (totalMs !== undefined) this.#total = setTimeout(() => this.#expire(), totalMs);
    this.touch();
  }

  get timedOut(): boolean {
    return this.#timedOut;
  }

  touch(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.#expire(), this.#idleMs);
  }

  clear(): void {
    clearTimeout(this.#idle);
    clearTimeout(this.#total);
  }

  #expire(): void {
    this.#timedOut = true;
    this.clear();
    this.#controller.abort(new DOMException('El proveedor de IA no respondió a tiempo', 'TimeoutError'));
  }
}
