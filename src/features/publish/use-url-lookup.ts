/**
 * What the form learns from the tool's address once the author settles on it: whether the site is already in the
 * directory (or awaiting review) and the title, description, image and icon its own page suggests.
 */
import { useEffect, useRef, useState } from 'react';
import { RequestError } from '../../lib/endpoint-call.ts';
import type { DuplicateCheck, PageSuggestions } from '../../lib/tool-form.ts';
import { findDuplicates, readToolPage } from './publish-client.ts';

const NO_DUPLICATES: DuplicateCheck = { duplicates: [], pendingNotice: null };

export type LookupState = 'idle' | 'loading' | { error: string };

/** `storedUrl` and `toolId` in the editor: its own address is not looked up again, nor counted as its duplicate. */
export function useUrlLookup(storedUrl: string, toolId: string | undefined) {
  const [duplicateCheck, setDuplicateCheck] = useState<DuplicateCheck>(NO_DUPLICATES);
  const [suggestions, setSuggestions] = useState<PageSuggestions | null>(null);
  const [lookup, setLookup] = useState<LookupState>('idle');
  const lookedUp = useRef(storedUrl);
  const lookupAbort = useRef<AbortController | null>(null);

  useEffect(() => () => lookupAbort.current?.abort(), []);

  /** The duplicate check and the page's own metadata, once per address the author settles on. */
  async function checkUrl(typed: string) {
    const url = typed.trim();
    if (!/^https?:\/\/[^\s]+\.[^\s]+/i.test(url) || url === lookedUp.current) return;
    lookedUp.current = url;
    lookupAbort.current?.abort();
    const abort = new AbortController();
    lookupAbort.current = abort;
    setSuggestions(null);
    setLookup('loading');
    findDuplicates(url, toolId, abort.signal)
      .then(setDuplicateCheck)
      .catch(() => setDuplicateCheck(NO_DUPLICATES));
    try {
      const page = await readToolPage(url, abort.signal);
      setSuggestions(page.suggestions);
      setLookup('idle');
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setLookup({ error: error instanceof RequestError ? error.message : 'No se pudo leer esa página.' });
    }
  }

  return { duplicateCheck, suggestions, lookup, checkUrl };
}

export type UrlLookup = ReturnType<typeof useUrlLookup>;
