/**
 * While a rebuild waits or runs, /admin follows it: the progress bar and the phase update every 2 s from
 * GET /api/admin/rebuilds, and the page reloads when the rebuild ends (to show the new build or the error).
 */
interface StatusAnswer {
  active: { id: string; status: 'queued' | 'running'; phase: string | null; progress: number | null } | null;
}

const POLL_MS = 2_000;

export function watchRebuild(): void {
  const section = document.querySelector<HTMLElement>('[data-rebuild-status]');
  if (!section || section.dataset.active !== 'true') return;
  const timer = window.setInterval(async () => {
    try {
      const response = await fetch('/api/admin/rebuilds', { headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const { active } = (await response.json()) as StatusAnswer;
      if (!active) {
        window.clearInterval(timer);
        location.reload();
        return;
      }
      const progress = section.querySelector<HTMLProgressElement>('[data-rebuild-progress]');
      if (progress) {
        progress.value = active.progress ?? 0;
        progress.textContent = `${active.progress ?? 0} %`;
      }
      const phase = section.querySelector('[data-rebuild-phase]');
      if (phase && active.phase) phase.textContent = active.phase;
      // Queued became running: the state line changes shape, the reload shows it.
      if (active.status === 'running' && !phase) location.reload();
    } catch {
      // A missed poll is retried on the next tick.
    }
  }, POLL_MS);
}
