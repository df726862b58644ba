/**
 * Values read once per build and shared by all its pages (the tools every task page ranks, a route's
 * getStaticPaths list). A full build runs in a process of its own; the incremental rebuild's warm renderer
 * (render-pages.ts, docs/decisions/013) renders one rebuild after another in the same process and names each with
 * a generation in RENDER_GENERATION_ENV, so what one rebuild read is never shown by the next.
 */

/** Set by the warm renderer before each rebuild's pages; unset in a full build (one build per process). */
export const RENDER_GENERATION_ENV = 'INCREMENTAL_RENDER_GENERATION';

/** `load`, called at most once per build; a failed read is forgotten, so a page retried later reads again. */
export function oncePerBuild<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: { generation: string | undefined; value: Promise<T> } | undefined;
  return () => {
    const generation = process.env[RENDER_GENERATION_ENV];
    if (!cached || cached.generation !== generation) {
      const entry = { generation, value: load() };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}
