import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { currentToast, dismissToast, showFlashedToast } from '../../stores/toast.ts';
import { Icon } from './Icon.tsx';

const VISIBLE_MS = 6000;

/** The page's toast region. The live region stays in the DOM so screen readers announce each new toast. */
export default function Toaster() {
  const stored = useStore(currentToast);
  // Another island may raise a toast before this one hydrates: the first render must still match the empty server HTML.
  const [hydrated, setHydrated] = useState(false);
  const toast = hydrated ? stored : null;

  useEffect(() => {
    setHydrated(true);
    showFlashedToast();
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(dismissToast, VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const destructive = toast?.variant === 'destructive';
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 md:bottom-6 md:justify-end md:px-6">
      {toast && (
        <div
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${
            destructive ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description && <p className={`mt-1 text-sm ${destructive ? 'text-red-800' : 'text-slate-600'}`}>{toast.description}</p>}
          </div>
          <button
            type="button"
            onClick={dismissToast}
            className="rounded-md p-1 text-current opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            aria-label="Cerrar notificación"
          >
            <Icon name="x" className="h-4 w-4" />
          </button>
        </div>
      )}
    </div>
  );
}
