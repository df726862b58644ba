import type { ReactNode } from 'react';
import { cx, emptyStateClass } from './styles.ts';

/** What a list shows when it has nothing: a title, a sentence and, if any, the action that fills it. */
export function EmptyState({ title, children, action, className }: { title?: string; children: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cx(emptyStateClass, className)}>
      {title && <h2 className="text-lg font-semibold text-slate-900">{title}</h2>}
      <p className={title ? 'mt-2' : undefined}>{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
