/** The visitor's session as the browser sees it, asked for once per page and shared by every island. */
import { atom, onMount } from 'nanostores';
import { fetchSessionUser, type SessionUserView } from './session-client.ts';

/** undefined while unknown: islands keep their signed-out markup until the answer arrives. */
export const sessionUser = atom<SessionUserView | null | undefined>(undefined);

onMount(sessionUser, () => {
  if (sessionUser.get() === undefined) fetchSessionUser().then((user) => sessionUser.set(user));
});
