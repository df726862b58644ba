/**
 * Asks before leaving a form with changes the server does not have yet: the browser's own question on
 * reload, close or typed address (beforeunload), and a Spanish one on the form's own «Volver» and «Cancelar».
 */
import { useCallback, useEffect, useRef } from 'react';

export const LEAVE_QUESTION = 'Tienes cambios sin guardar. ¿Quieres salir de todos modos?';

export function useUnsavedWarning(unsaved: boolean) {
  // Set once the author chose to leave (or sent the form): the browser must not ask a second time.
  const leaving = useRef(false);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  /** True when the author may leave now: nothing unsaved, or they said yes. */
  const confirmLeave = useCallback(() => {
    if (unsaved && !window.confirm(LEAVE_QUESTION)) return false;
    leaving.current = true;
    return true;
  }, [unsaved]);

  /** For a navigation the form itself starts after a successful send. */
  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  return { confirmLeave, allowLeave };
}
