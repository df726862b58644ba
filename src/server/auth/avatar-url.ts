/** profiles.avatar_url holds a storage key (an uploaded avatar) or a provider's URL (Google's picture). */
import { keyOf, type StorageDriver } from '../storage/driver.ts';

/** The address browsers load the avatar from, or null when there is none. */
export function avatarUrlFor(storage: StorageDriver, reference: string | null | undefined): string | null {
  if (!reference) return null;
  const key = keyOf(reference);
  if (key) return storage.url(key);
  // Only web addresses are shown; anything else stored there is ignored rather than put in an <img>.
  return /^https:\/\//.test(reference) ? reference : null;
}
