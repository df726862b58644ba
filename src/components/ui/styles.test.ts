import { describe, expect, it } from 'vitest';
import { badgeClass, buttonClass, cardClass, controlClass, fieldIds, labelClass, menuItemClass, tabClass, tabListClass } from './styles.ts';
import { nextTab } from './tabs-keys.ts';

const tokens = (classes: string) => new Set(classes.split(/\s+/).filter(Boolean));

/** Every class the screen had before the primitives is still there (the look does not change). */
function expectIncludes(recipe: string, before: string) {
  const have = tokens(recipe);
  expect([...tokens(before)].filter((token) => !have.has(token))).toEqual([]);
}

describe('class recipes', () => {
  it('draw the admin panel’s buttons as its page constants did', () => {
    expectIncludes(
      buttonClass({ variant: 'secondary', size: 'sm' }),
      'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60',
    );
    expectIncludes(
      buttonClass({ variant: 'primary' }),
      'rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60',
    );
    expectIncludes(buttonClass({ variant: 'danger', size: 'sm' }), 'rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800');
  });

  it('draw the dashboard’s and the sign-in forms’ buttons as before', () => {
    expectIncludes(
      buttonClass({ variant: 'outline', size: 'sm' }),
      'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60',
    );
    expectIncludes(
      buttonClass({ variant: 'primary', size: 'lg', block: true }),
      'flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed',
    );
  });

  it('never give one element two displays, two paddings or two colours that fight', () => {
    for (const block of [false, true]) {
      const classes = tokens(buttonClass({ variant: 'primary', size: 'lg', block }));
      expect(['flex', 'inline-flex'].filter((display) => classes.has(display))).toHaveLength(1);
      expect([...classes].filter((token) => /^py-/.test(token))).toHaveLength(1);
    }
    const invalid = tokens(controlClass({ invalid: true }));
    expect(invalid.has('border-red-600')).toBe(true);
    expect(invalid.has('border-slate-300')).toBe(false);
  });

  it('size the fields: dense in the admin panel, roomy in the account forms', () => {
    expectIncludes(controlClass({ size: 'sm' }), 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm');
    expectIncludes(
      controlClass(),
      'block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 border-slate-300',
    );
    expect(labelClass({ size: 'sm' })).toBe('block text-sm font-medium text-slate-700');
  });

  it('give cards, badges, menu items and tabs their tone', () => {
    expectIncludes(cardClass(), 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6');
    expectIncludes(cardClass({ padding: 'lg' }), 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6');
    expectIncludes(badgeClass({ tone: 'warning' }), 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900');
    expect(menuItemClass({ tone: 'danger' })).toContain('text-red-700');
    expect(menuItemClass()).not.toContain('text-red-700');
    expect(tabClass('pills', true)).toContain('bg-slate-900');
    expect(tabClass('pills', false)).not.toContain('bg-slate-900');
  });

  it('keep the compact tabs small enough for four in the side panel of the publish form, and the segmented ones as they were', () => {
    expectIncludes(tabListClass('compact'), 'grid grid-flow-col auto-cols-fr gap-1 rounded-lg bg-slate-100 p-1');
    expectIncludes(tabClass('compact', true), 'rounded-md px-1 py-1.5 text-xs font-medium text-slate-700 aria-selected:bg-white sm:text-sm');
    expectIncludes(tabListClass('segmented'), 'grid grid-flow-col auto-cols-fr gap-1 rounded-xl bg-slate-100 p-1');
    expectIncludes(tabClass('segmented', true), 'rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 aria-selected:bg-white');
  });

  it('describe a field by its hint and its error, in that order, and by nothing without them', () => {
    expect(fieldIds('correo', { hint: true, error: true }).describedBy).toBe('correo-hint correo-error');
    expect(fieldIds('correo', { error: true }).describedBy).toBe('correo-error');
    expect(fieldIds('correo', {}).describedBy).toBeUndefined();
  });
});

describe('nextTab', () => {
  const tabs = ['todas', 'guardadas', 'otras'] as const;
  it('moves with the arrows, wrapping round, and jumps with Home and End', () => {
    expect(nextTab(tabs, 'todas', 'ArrowRight')).toBe('guardadas');
    expect(nextTab(tabs, 'otras', 'ArrowRight')).toBe('todas');
    expect(nextTab(tabs, 'todas', 'ArrowLeft')).toBe('otras');
    expect(nextTab(tabs, 'guardadas', 'Home')).toBe('todas');
    expect(nextTab(tabs, 'guardadas', 'End')).toBe('otras');
  });
  it('ignores other keys', () => {
    expect(nextTab(tabs, 'todas', 'Enter')).toBeNull();
    expect(nextTab(tabs, 'todas', 'ArrowDown')).toBeNull();
  });
});
