import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while the server renders and while the island hydrates, true afterwards. Controls that need the
 * browser stay disabled in the prerendered HTML without a second render pass from an effect.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
