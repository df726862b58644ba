/**
 * Work a serving process must finish before it stops for good, registered by whoever starts it (the view counter's
 * batches in flight). The HTTP server runs these once it has stopped taking requests, before its process closes the
 * database pool or exits, so a clean shutdown loses nothing a visitor was already told about or waiting for.
 */
const pending = new Set<() => Promise<void>>();

/** Registers work to await at shutdown; returns the function that unregisters it. */
export function beforeShutdown(finish: () => Promise<void>): () => void {
  pending.add(finish);
  return () => pending.delete(finish);
}

/** Awaits every registered piece of work; one that fails is logged and does not stop the others. */
export async function finishPendingWork(): Promise<void> {
  await Promise.all(
    [...pending].map((finish) =>
      finish().catch((error: unknown) => {
        console.error('Trabajo pendiente al cerrar:', error);
      }),
    ),
  );
}
