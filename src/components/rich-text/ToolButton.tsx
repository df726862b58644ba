import type { ReactNode } from 'react';
import { IconButton } from '../ui/Button.tsx';
import { cx } from '../ui/styles.ts';

/** One tool of the editor's toolbar: an icon button that keeps the text's selection and shows when it is on. */
export function ToolButton({
  label,
  onClick,
  active,
  expanded,
  disabled,
  className,
  children,
}: {
  label: string;
  onClick(): void;
  active?: boolean;
  /** Set on a button that unfolds more tools (aria-expanded). */
  expanded?: boolean;
  disabled?: boolean;
  /** Extra classes: `max-md:hidden` folds a secondary tool away on a phone. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <IconButton
      label={label}
      aria-pressed={active === undefined ? undefined : active}
      aria-expanded={expanded}
      disabled={disabled}
      // A press must not take the focus (and with it the selection the tool applies to) away from the text.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cx('aria-pressed:bg-brand-100 aria-pressed:text-brand-800', className)}
    >
      {children}
    </IconButton>
  );
}
