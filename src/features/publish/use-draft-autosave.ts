/**
 * Saves the publish form as a server draft while its author writes: 2 s after the last change, when the
 * window loses focus, and when the tab is hidden or closed. Saves run one at a time, each sending the newest values,
 * so the first save's id is known before the next one and a slow answer never overwrites newer text.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { RequestError } from '../../lib/endpoint-call.ts';
import { saveDraft } from './drafts-client.ts';
import { draftPath, type DraftStatus, type SubmissionDraftValues } from './submission-draft.ts';

/** Long enough not to save every keystroke, short enough that a closed laptop loses a sentence at most. */
export const AUTOSAVE_DELAY_MS = 2_000;

interface Options {
  /** Off in the editor of a stored post: only /publicar writes drafts. */
  enabled: boolean;
  /** The form's values as the draft endpoint takes them (submission-draft.ts). */
  values: object;
  /** The draft being resumed, if any. */
  initialId: string | null;
}

export function useDraftAutosave({ enabled, values, initialId }: Options) {
  const snapshot = JSON.stringify(values);
  // What the server holds: the loaded values count as saved, so an untouched form never creates a draft.
  const [savedSnapshot, setSavedSnapshot] = useState(snapshot);
  const [status, setStatus] = useState<DraftStatus>(initialId ? 'saved' : 'idle');
  const [draftId, setDraftId] = useState(initialId);
  const latest = useRef(snapshot);
  const saved = useRef(snapshot);
  const id = useRef(initialId);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // While the form is being sent for review, a save could recreate the draft the submission deletes.
  const paused = useRef(false);

  useEffect(() => {
    latest.current = snapshot;
  }, [snapshot]);

  const send = useCallback(async (keepalive: boolean) => {
    const current = latest.current;
    if (current === saved.current || paused.current) return;
    setStatus('saving');
    try {
      const answer = await saveDraft(id.current, JSON.parse(current) as SubmissionDraftValues, { keepalive });
      if (id.current !== answer.id) {
        id.current = answer.id;
        setDraftId(answer.id);
        // A reload, or the same address on another device, resumes this draft.
        window.history.replaceState(window.history.state, '', draftPath(answer.id));
      }
      saved.current = current;
      setSavedSnapshot(current);
      setStatus('saved');
    } catch (error) {
      // Deleted meanwhile (from the dashboard, on another device): the next save starts a new draft.
      if (error instanceof RequestError && error.status === 404) id.current = null;
      setStatus('failed');
    }
  }, []);

  /** Saves now what is not saved yet; resolves with the draft's id once the server has it (or refused it). */
  const flush = useCallback(
    (keepalive = false): Promise<string | null> => {
      if (!enabled) return Promise.resolve(null);
      queue.current = queue.current.then(() => send(keepalive));
      return queue.current.then(() => id.current);
    },
    [enabled, send],
  );

  /** Stops (true) or resumes (false) saving, around the submission that replaces the draft. */
  const pause = useCallback((value: boolean) => {
    paused.current = value;
  }, []);

  useEffect(() => {
    if (!enabled || snapshot === savedSnapshot || paused.current) return;
    const timer = window.setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, snapshot, savedSnapshot, flush]);

  useEffect(() => {
    if (!enabled) return;
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush(true);
    };
    const leaving = () => void flush(true);
    const away = () => void flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    window.addEventListener('blur', away);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('blur', away);
    };
  }, [enabled, flush]);

  return { draftId, status, flush, pause, unsaved: snapshot !== savedSnapshot };
}
