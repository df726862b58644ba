/**
 * The class recipes of the interface primitives, defined once and shared by the React components (islands) and the
 * Astro components (pages without JavaScript), so a button or a field looks the same wherever it is drawn.
 */

/** Joins the truthy class names with one space. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export const BUTTON_VARIANTS = ['primary', 'secondary', 'outline', 'approve', 'danger', 'dangerOutline', 'ghost'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['sm', 'md', 'lg'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

const buttonVariant: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 font-semibold text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  // The admin panel's neutral action on a white card.
  secondary: 'border border-slate-300 bg-white font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-600',
  // The dashboard's neutral action: the brand colour on hover, as its links have.
  outline: 'border border-slate-300 font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700 focus-visible:outline-brand-600',
  // Approving a submission: green, as the confirmation dialog's non-destructive tone.
  approve: 'bg-emerald-700 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-emerald-700',
  // Red 700, as the confirmation dialog's: white text on it passes AA with room to spare.
  danger: 'bg-red-700 font-semibold text-white hover:bg-red-800 focus-visible:outline-red-700',
  dangerOutline: 'border border-red-300 bg-white font-medium text-red-700 hover:bg-red-50 hover:text-red-800 focus-visible:outline-red-700',
  ghost: 'font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600',
};

const buttonSize: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  // A form's main action (sign in, save the profile): the text at body size, a taller target.
  lg: 'px-4 py-2.5',
};

export interface ButtonStyle {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** The whole width of its container (the auth forms' submit). */
  block?: boolean | undefined;
}

/** A button, or a link that looks like one. */
export function buttonClass({ variant = 'secondary', size = 'md', block = false }: ButtonStyle = {}): string {
  return cx(
    block ? 'flex w-full' : 'inline-flex',
    'items-center justify-center gap-1.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    // A script marks a button aria-disabled while its request runs (it stays focusable, unlike disabled).
    'aria-disabled:cursor-wait aria-disabled:opacity-60',
    buttonVariant[variant],
    buttonSize[size],
  );
}

/** A square button that shows only an icon (its name goes in aria-label). */
export function iconButtonClass({ variant = 'ghost' }: { variant?: ButtonVariant | undefined } = {}): string {
  return cx(
    'inline-flex h-9 w-9 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    buttonVariant[variant],
  );
}

/** One entry of a drop-down menu (a row's «Acciones», the account menu). */
export function menuItemClass({ tone = 'neutral' }: { tone?: 'neutral' | 'danger' } = {}): string {
  return cx(
    'flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600',
    tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-slate-800',
  );
}

export type ControlSize = 'sm' | 'md';

export interface ControlStyle {
  /** 'sm' in the admin panel's dense forms, 'md' in the account and sign-in forms. */
  size?: ControlSize | undefined;
  invalid?: boolean | undefined;
}

/** Text inputs, selects and text areas. */
export function controlClass({ size = 'md', invalid = false }: ControlStyle = {}): string {
  return cx(
    'block w-full rounded-lg border bg-white px-3 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600',
    size === 'sm' ? 'py-2 text-sm' : 'py-2.5',
    invalid ? 'border-red-600' : 'border-slate-300',
  );
}

export const checkboxClass = 'h-4 w-4 shrink-0 accent-brand-600';

/** A field's label; 'sm' sits above the admin panel's dense controls. */
export function labelClass({ size = 'md' }: { size?: ControlSize | undefined } = {}): string {
  return size === 'sm' ? 'block text-sm font-medium text-slate-700' : 'mb-1.5 block text-sm font-medium text-slate-800';
}

export function hintClass({ size = 'md' }: { size?: ControlSize | undefined } = {}): string {
  return size === 'sm' ? 'mt-1 text-xs text-slate-600' : 'mt-1 text-sm text-slate-600';
}

export const fieldErrorClass = 'mt-1 text-sm font-medium text-red-700';

/** The ids that tie a control to its hint and its error. */
export function fieldIds(
  id: string,
  { hint, error }: { hint?: boolean; error?: boolean },
): { hintId: string; errorId: string; describedBy: string | undefined } {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

export interface CardStyle {
  /** 'md' for the admin panel's sections, 'lg' for the dashboard's. */
  padding?: 'md' | 'lg' | undefined;
  /** 'danger' borders a panel whose action cannot be undone (deleting the account). */
  tone?: 'neutral' | 'danger' | undefined;
}

/** A white panel. */
export function cardClass({ padding = 'md', tone = 'neutral' }: CardStyle = {}): string {
  return cx('rounded-2xl border bg-white shadow-sm', tone === 'danger' ? 'border-red-200' : 'border-slate-200', padding === 'lg' ? 'p-5 md:p-6' : 'p-4 md:p-6');
}

export const BADGE_TONES = ['neutral', 'brand', 'success', 'warning', 'danger', 'hot', 'ai', 'aiSoft', 'dangerSoft'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

const badgeTone: Record<BadgeTone, string> = {
  neutral: 'bg-slate-200 text-slate-800',
  brand: 'bg-brand-50 text-brand-700',
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-900',
  dangerSoft: 'bg-red-50 text-red-900',
  hot: 'bg-rose-100 text-rose-900',
  ai: 'bg-violet-100 text-violet-900',
  aiSoft: 'bg-violet-50 text-violet-900',
};

/** A small rounded label: a state, a distinction. */
export function badgeClass({ tone = 'neutral' }: { tone?: BadgeTone | undefined } = {}): string {
  return cx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', badgeTone[tone]);
}

export const emptyStateClass = 'rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600';

export const table = {
  wrapper: 'overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm',
  table: 'w-full text-left text-sm',
  head: 'border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600',
  body: 'divide-y divide-slate-100',
  headerCell: 'px-3 py-2',
  cell: 'px-3 py-2 align-top',
} as const;

/** A modal dialog; 'md' for a short confirmation or the sign-in dialog, 'lg' for one with a form. */
export function dialogClass({ width = 'lg' }: { width?: 'md' | 'lg' } = {}): string {
  return cx(
    'm-auto rounded-2xl p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50',
    width === 'md' ? 'w-[calc(100%-2rem)] max-w-md' : 'w-[min(32rem,calc(100%-2rem))]',
  );
}

/**
 * Three looks of a tab list: a segmented control (the sign-in dialog), the same made small enough for four tabs in
 * a narrow side panel or a phone (the publish form's social cards), and pills with counts (the dashboard's images).
 */
export type TabsLook = 'segmented' | 'compact' | 'pills';

export function tabListClass(look: TabsLook): string {
  if (look === 'pills') return 'flex flex-wrap gap-2';
  return cx('grid grid-flow-col auto-cols-fr gap-1 bg-slate-100 p-1', look === 'segmented' ? 'rounded-xl' : 'rounded-lg');
}

export function tabClass(look: TabsLook, selected: boolean): string {
  if (look !== 'pills') {
    return cx(
      'text-slate-700 aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600',
      look === 'segmented' ? 'rounded-lg px-3 py-2 text-sm font-semibold' : 'rounded-md px-1 py-1.5 text-xs font-medium sm:text-sm',
    );
  }
  return cx(
    'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    selected ? 'bg-slate-900 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  );
}
