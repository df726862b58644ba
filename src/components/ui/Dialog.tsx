import { useEffect, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { cx, dialogClass } from './styles.ts';

export interface DialogProps {
  /** The owner's handle on the element, so its buttons can close it: `dialogRef.current?.close()`. */
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Called once the dialog has closed (Escape, the backdrop, or `close` from inside). */
  onClose: () => void;
  /** 'alertdialog' for a confirmation. */
  role?: 'dialog' | 'alertdialog';
  width?: 'md' | 'lg';
  className?: string;
  children: ReactNode;
}

/**
 * A native modal dialog, open while mounted, like the confirmation of confirm-dialog.ts: the page behind is inert,
 * focus starts on the first field (or the first button) and stays inside, Escape and a press on the backdrop close
 * it (as does `dialogRef.current.close()`), and the browser gives focus back to the opener.
 */
export function Dialog({ dialogRef, labelledBy, describedBy, onClose, role, width, className, children }: DialogProps) {
  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    element.showModal();
    (element.querySelector<HTMLElement>('input, textarea, select') ?? element.querySelector<HTMLElement>('button'))?.focus();
    return () => element.close();
  }, [dialogRef]);

  // A press on the backdrop lands on the dialog element itself (its content fills it edge to edge).
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  };

  return (
    <dialog
      ref={dialogRef}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onClick={onBackdrop}
      className={cx(dialogClass({ width }), className)}
    >
      {children}
    </dialog>
  );
}
