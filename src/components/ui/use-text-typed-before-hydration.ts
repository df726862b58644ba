import { useEffect, type RefObject } from 'react';

/**
 * Keeps what the visitor typed into an island's server-rendered text field before the island hydrated.
 * Hydration leaves the field's DOM value alone, but the next render would write the state's empty value over it:
 * the state takes the typed text first, once.
 */
export function useTextTypedBeforeHydration(field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, keep: (text: string) => void): void {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) keep(typed);
    // Only the server-rendered field as it was at hydration matters: this runs once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
