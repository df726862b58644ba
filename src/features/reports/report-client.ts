/** Browser-only: sends the «Informar de un problema» form in place and says what happened, in Spanish. */
import { REPORT_FAILED, REPORT_SENT } from './reports.ts';

export function enhanceReportForm(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-report-form]');
  const status = root.querySelector<HTMLElement>('[data-report-status]');
  if (!form || !status) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (form.dataset.busy) return;
    form.dataset.busy = 'true';
    status.textContent = 'Enviando…';
    try {
      const response = await fetch(form.action, { method: 'POST', headers: { accept: 'application/json' }, body: new FormData(form) });
      if (response.ok) {
        form.reset();
        status.textContent = REPORT_SENT;
      } else {
        // The server's Spanish message (a limit reached, a field at fault); a network error has no words of ours.
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        status.textContent = body?.error ?? REPORT_FAILED;
      }
    } catch {
      status.textContent = REPORT_FAILED;
    } finally {
      delete form.dataset.busy;
    }
  });
}
