/**
 * The dashboard's sidebar without a framework: the trigger and Ctrl/Cmd+B collapse it on wide screens (the state
 * goes to a cookie the server reads on the next page) and open it as a sheet on narrow ones. The header's search
 * form sends nothing when its text is blank.
 */
import { isSidebarShortcut, sidebarCookie } from './sidebar-state.ts';

/** The mobile breakpoint is 768 px. */
const NARROW = '(max-width: 767.98px)';

export function enhanceDashboardSidebar(): void {
  const root = document.querySelector<HTMLElement>('[data-sidebar-root]');
  const rail = document.querySelector<HTMLElement>('[data-sidebar-rail]');
  const sheet = document.querySelector<HTMLDialogElement>('[data-sidebar-sheet]');
  if (!root || !rail || !sheet) return;
  const triggers = [...document.querySelectorAll<HTMLButtonElement>('[data-sidebar-trigger]')];
  const narrow = matchMedia(NARROW);
  let opener: HTMLElement | null = null;

  const sync = () => {
    for (const trigger of triggers) {
      trigger.setAttribute('aria-controls', narrow.matches ? sheet.id : rail.id);
      trigger.setAttribute('aria-expanded', String(narrow.matches ? sheet.open : root.dataset.state === 'expanded'));
    }
  };

  const toggle = () => {
    if (narrow.matches) {
      if (sheet.open) sheet.close();
      else {
        opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        sheet.showModal();
      }
    } else {
      const open = root.dataset.state !== 'expanded';
      root.dataset.state = open ? 'expanded' : 'collapsed';
      document.cookie = sidebarCookie(open);
    }
    sync();
  };

  for (const trigger of triggers) trigger.addEventListener('click', toggle);
  document.addEventListener('keydown', (event) => {
    if (!isSidebarShortcut(event)) return;
    event.preventDefault();
    toggle();
  });

  // The sheet closes when a link is followed and on a press outside its panel (the dialog itself is the backdrop).
  sheet.addEventListener('click', (event) => {
    if (event.target === sheet || (event.target as Element).closest('a')) sheet.close();
  });
  sheet.addEventListener('close', () => {
    sync();
    if (opener?.isConnected) opener.focus();
    opener = null;
  });
  narrow.addEventListener('change', () => {
    if (!narrow.matches && sheet.open) sheet.close();
    sync();
  });
  sync();

  for (const form of document.querySelectorAll<HTMLFormElement>('[data-dashboard-search]')) {
    form.addEventListener('submit', (event) => {
      const input = form.querySelector<HTMLInputElement>('input[name="q"]');
      if (!input) return;
      input.value = input.value.trim();
      if (!input.value) event.preventDefault();
    });
  }
}
