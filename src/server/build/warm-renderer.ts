/**
 * Keeps the incremental rebuild's renderer process (render-pages.ts) warm between rebuilds (docs/decisions/013):
 * loading a server bundle costs seconds, rendering a page with it tens of milliseconds. One process at a time, bound
 * to one full build's server bundle (by its real path) and database: a rebuild from another bundle (a full build
 * activated a new one) replaces it, so pages are never rendered with an old bundle. It exits after a few idle
 * minutes, since a warm renderer holds a whole copy of the server in memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { CancelRequest, RenderRequest, RendererMessage } from './twin-routes.ts';

const RENDERER = path.join('src', 'server', 'build', 'render-pages.ts');
/** How long a renderer stays warm after its last rebuild: approvals come in bursts, an admin going down the queue. */
export const RENDERER_IDLE_MS = 10 * 60_000;

/** What the site's bundle reads from its environment: a renderer started with other values is replaced. */
export interface RendererSettings {
  databaseUrl: string;
  siteUrl: string;
  siteName: string;
  prerenderedTools: number;
}

/** The settings as the bundle reads them, for the full build's Astro and for the renderer. */
export function bundleEnv(settings: RendererSettings): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: settings.databaseUrl,
    SITE_URL: settings.siteUrl,
    SITE_NAME: settings.siteName,
    PRERENDERED_TOOLS: String(settings.prerenderedTools),
  };
}

export interface RenderReport {
  written: string[];
  missing: string[];
}

interface Pending {
  report: RenderReport;
  onWritten: (pathname: string) => void;
  resolve: (report: RenderReport) => void;
  reject: (error: Error) => void;
}

interface Running {
  child: ChildProcess;
  /** The bundle's real path and the settings: what a request must match to use this process. */
  key: string;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  stderr: string;
}

export class WarmRenderer {
  readonly #root: string;
  readonly #idleMs: number;
  #running: Running | undefined;
  #generation = 0;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(options: { root: string; idleMs?: number }) {
    this.#root = options.root;
    this.#idleMs = options.idleMs ?? RENDERER_IDLE_MS;
  }

  /** The renderer's process id while one runs (tests check that it is kept, or replaced). */
  get pid(): number | undefined {
    return this.#running?.child.pid;
  }

  /**
   * Makes sure a renderer with this bundle is running or starting, replacing one with another bundle, and
   * resolves once it has loaded the bundle (it then warms up on a first page of its own). A rebuild calls it
   * early, so the start overlaps its other work.
   */
  async prepare(serverDir: string, settings: RendererSettings): Promise<void> {
    const bundle = await realpath(serverDir);
    const key = JSON.stringify([bundle, bundleEnv(settings)]);
    if (this.#running?.key !== key) {
      await this.close();
      this.#running = this.#start(bundle, key, settings);
    }
    const running = this.#running!;
    this.#idle();
    await running.ready;
  }

  /**
   * Renders `paths` into `buildDir` with the bundle in `serverDir`; `onWritten` hears of each page as soon as its
   * file is in place. With `cardsOf`, the search cards route renders only those tools' cards. An aborted `signal`
   * stops it after the pages being rendered (it then fails).
   */
  async render(
    serverDir: string,
    settings: RendererSettings,
    buildDir: string,
    paths: string[],
    onWritten: (pathname: string) => void,
    cardsOf?: string[],
    signal?: AbortSignal,
  ): Promise<RenderReport> {
    await this.prepare(serverDir, settings);
    const running = this.#running!;
    const generation = ++this.#generation;
    clearTimeout(this.#idleTimer);
    const cancel = () => running.child.connected && running.child.send({ cancel: generation } satisfies CancelRequest);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await new Promise<RenderReport>((resolve, reject) => {
        running.pending.set(generation, { report: { written: [], missing: [] }, onWritten, resolve, reject });
        const request: RenderRequest = { generation, buildDir, paths, ...(cardsOf ? { cardsOf } : {}) };
        running.child.send(request);
        if (signal?.aborted) cancel();
      });
    } finally {
      signal?.removeEventListener('abort', cancel);
      running.pending.delete(generation);
      this.#idle();
    }
  }

  /** Stops the renderer, if one runs; the next rebuild starts another. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const running = this.#running;
    this.#running = undefined;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    const exited = new Promise((resolve) => running.child.once('exit', resolve));
    running.child.kill();
    await exited;
  }

  #idle(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#running?.pending.size === 0) void this.close();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  #start(bundle: string, key: string, settings: RendererSettings): Running {
    const child = spawn(process.execPath, [path.join(this.#root, RENDERER), bundle], {
      cwd: this.#root,
      env: { ...process.env, ...bundleEnv(settings) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const running: Running = { child, key, ready: Promise.resolve(), pending: new Map(), stderr: '' };
    // What the bundle prints is kept for the error of a renderer that dies.
    const keep = (chunk: Buffer) => (running.stderr = (running.stderr + chunk.toString()).slice(-20_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    running.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: RendererMessage) => {
        if ('ready' in message) return resolve();
        const pending = running.pending.get(message.generation);
        if (!pending) return;
        if ('written' in message) {
          pending.report.written.push(message.written);
          pending.onWritten(message.written);
        } else if ('missing' in message) pending.report.missing.push(message.missing);
        else if ('done' in message) pending.resolve(pending.report);
        else pending.reject(new Error(`El renderizado incremental falló: ${message.failed}\n${running.stderr.slice(-5_000)}`));
      });
      const died = (reason: string) => {
        const error = new Error(`El renderizador incremental terminó (${reason}):\n${running.stderr}`);
        reject(error);
        for (const pending of running.pending.values()) pending.reject(error);
        if (this.#running === running) this.#running = undefined;
      };
      child.on('error', (error) => died(error.message));
      child.on('exit', (code, signal) => died(signal ? `señal ${signal}` : `código ${code}`));
    });
    // Awaited by whoever asks next; a start that fails is not an unhandled rejection meanwhile.
    running.ready.catch(() => undefined);
    return running;
  }
}
