/**
 * Browser-only: drives a FactFilterGroup's toggle buttons. The filters it knows are the buttons the build wrote, so
 * the page ships no list (nor zod) of its own; the page keeps the active filters and the address.
 */
import { FACT_FILTER_PARAM, readFactFilterParam } from '../../lib/fact-filter-param.ts';

export interface FactFilterToggles {
  /** The filters the address asks for, among those offered. */
  fromAddress(search: string): string[];
  /** Shows these filters as pressed. */
  show(active: readonly string[]): void;
  /** Calls back with the new list, in the offered order, each time a button is toggled. */
  onChange(listener: (active: string[]) => void): void;
}

export function factFilterToggles(root: HTMLElement): FactFilterToggles {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-fact-filter]')];
  const offered = buttons.map((button) => button.dataset.factFilter ?? '');
  const pressed = () => buttons.filter((button) => button.getAttribute('aria-pressed') === 'true').map((button) => button.dataset.factFilter ?? '');
  return {
    fromAddress: (search) => readFactFilterParam(new URLSearchParams(search).get(FACT_FILTER_PARAM), offered),
    show(active) {
      for (const button of buttons) button.setAttribute('aria-pressed', String(active.includes(button.dataset.factFilter ?? '')));
    },
    onChange(listener) {
      for (const button of buttons) {
        button.addEventListener('click', () => {
          button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'));
          listener(pressed());
        });
      }
    },
  };
}
