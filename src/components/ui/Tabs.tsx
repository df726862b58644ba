import type { HTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { cx, tabClass, tabListClass, type TabsLook } from './styles.ts';
import { nextTab, tabId, tabPanelId } from './tabs-keys.ts';

export interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tabs' and panel's ids (a useId() value). */
  idBase: string;
  tabs: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  look?: TabsLook;
  className?: string;
}

/**
 * A tab list with a roving tabindex: only the chosen tab is in the tab order, arrow keys, Home and End move and
 * choose. The one panel (TabPanel) shows the chosen tab's content.
 */
export function Tabs<T extends string>({ label, idBase, tabs, value, onChange, look = 'pills', className }: TabsProps<T>) {
  const values = tabs.map((tab) => tab.value);
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = nextTab(values, value, event.key);
    if (next === null) return;
    event.preventDefault();
    onChange(next);
    document.getElementById(tabId(idBase, next))?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className={cx(tabListClass(look), className)}>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            id={tabId(idBase, tab.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? tabPanelId(idBase) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={onKeyDown}
            className={tabClass(look, selected)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the chosen tab, labelled by it. */
export function TabPanel({ idBase, value, ...panel }: HTMLAttributes<HTMLDivElement> & { idBase: string; value: string }) {
  return <div id={tabPanelId(idBase)} role="tabpanel" aria-labelledby={tabId(idBase, value)} {...panel} />;
}
