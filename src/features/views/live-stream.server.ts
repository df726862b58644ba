/** A server-sent events response carrying one tool's view count whenever it changes. */
import type { LiveViewCounts } from './live-counts.server.ts';

export interface LiveStreamOptions {
  heartbeatMs: number;
  /** Streams end after this long; EventSource reconnects by itself, which spreads clients over
   * workers and lets a process that serves an old build drain. */
  lifetimeMs: number;
  retryMs: number;
}

const encoder = new TextEncoder();

export function liveViewsResponse(hub: LiveViewCounts, toolId: string, views: number, signal: AbortSignal, options: LiveStreamOptions): Response {
  let cleanUp = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanUp();
        }
      };
      const event = (count: number) => write(`data: ${JSON.stringify({ views: count })}\n\n`);
      write(`retry: ${options.retryMs}\n`);
      event(views);
      const unsubscribe = hub.subscribe(toolId, views, event);
      // A comment line now and then keeps proxies and load balancers from closing an idle stream.
      const heartbeat = setInterval(() => write(': \n\n'), options.heartbeatMs);
      const lifetime = setTimeout(() => {
        cleanUp();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      }, options.lifetimeMs);
      cleanUp = () => {
        if (!open) return;
        open = false;
        unsubscribe?.();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        signal.removeEventListener('abort', cleanUp);
      };
      signal.addEventListener('abort', cleanUp);
      if (signal.aborted) cleanUp();
    },
    cancel() {
      cleanUp();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx would otherwise buffer the stream and deliver counts late.
      'x-accel-buffering': 'no',
    },
  });
}
