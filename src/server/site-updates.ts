/**
 * What happens after a change visitors can see (an approval, an edit or an unpublishing of a published tool).
 * With the Node server nothing needs calling: its rebuild watcher follows the database's content version, and
 * until the new build lands the server renders changed and new tool pages on demand. On Vercel
 * (DEPLOY_TARGET=vercel) the static pages live on Vercel's CDN, so the configured deploy hook starts a new
 * deployment; meanwhile a new slug is rendered on demand by the same route.
 */
import { serverEnv } from './env.ts';

const HOOK_TIMEOUT_MS = 5_000;

/** Calls VERCEL_DEPLOY_HOOK_URL when it is set; a failure is logged, never shown to the admin as their error. */
export async function publishedContentChanged(reason: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const hook = serverEnv().VERCEL_DEPLOY_HOOK_URL;
  if (!hook) return;
  try {
    const response = await fetchImpl(hook, { method: 'POST', signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
    if (!response.ok) console.error(`El deploy hook de Vercel respondió HTTP ${response.status} (${reason}).`);
    await response.body?.cancel();
  } catch (error) {
    console.error(`No se pudo llamar al deploy hook de Vercel (${reason}): ${(error as Error).message}`);
  }
}
