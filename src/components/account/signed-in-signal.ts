/**
 * A page-wide "someone is signed in" signal for code that cannot share the session store: the
 * client:intent directive is inlined into the page and hydrates its island once it hears this.
 */
const FLAG = 'sesionIniciada';
const EVENT = 'directorio:sesion-iniciada';

export function announceSignedIn(): void {
  if (FLAG in document.documentElement.dataset) return;
  document.documentElement.dataset[FLAG] = '';
  document.dispatchEvent(new Event(EVENT));
}

/** Runs `callback` once, now if the signal was already given. */
export function whenSignedIn(callback: () => void): void {
  if (FLAG in document.documentElement.dataset) callback();
  else document.addEventListener(EVENT, callback, { once: true });
}
