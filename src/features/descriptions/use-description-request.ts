import { useState } from 'react';
import { showToast } from '../../components/toast/toast-store.ts';
import { anonymousSessionId } from '../../lib/visitor/visitor-session.ts';
import { DESCRIPTION_MESSAGES, stripCodeFence } from './descriptions.ts';
import { readDescriptionEvents } from './event-stream.ts';

export type DescriptionStatus = 'idle' | 'analysing' | 'result';

export interface DescriptionRequest {
  file: File | null;
  url: string;
  language: string;
  instructions: string;
}

/**
 * One description request: the HTML as the model streams it, then the stored description's final HTML and id.
 * `onFailure` gets the Spanish message to show.
 */
export function useDescriptionRequest(onFailure: (message: string) => void) {
  const [status, setStatus] = useState<DescriptionStatus>('idle');
  const [html, setHtml] = useState('');
  const [finalHtml, setFinalHtml] = useState<string | null>(null);
  const [descriptionId, setDescriptionId] = useState<string | null>(null);

  function reset() {
    setHtml('');
    setFinalHtml(null);
    setDescriptionId(null);
    setStatus('idle');
  }

  async function describe({ file, url, language, instructions }: DescriptionRequest) {
    const form = new FormData();
    if (file) form.set('image', file);
    else form.set('imageUrl', url.trim());
    form.set('language', language);
    if (instructions.trim()) form.set('instructions', instructions.trim());
    form.set('sessionId', anonymousSessionId());
    setStatus('analysing');
    setHtml('');
    setFinalHtml(null);
    setDescriptionId(null);
    try {
      const response = await fetch('/api/ai/descriptions', { method: 'POST', body: form });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? DESCRIPTION_MESSAGES.failed);
      }
      let streamed = '';
      for await (const message of readDescriptionEvents(response)) {
        if (message.type === 'chunk') {
          streamed += message.text;
          setHtml(stripCodeFence(streamed));
        } else if (message.type === 'error') throw new Error(message.error);
        else {
          setFinalHtml(message.html);
          setDescriptionId(message.id);
          setStatus('result');
          showToast({ title: DESCRIPTION_MESSAGES.generated });
          return;
        }
      }
      throw new Error(DESCRIPTION_MESSAGES.emptyResult);
    } catch (error) {
      setStatus('idle');
      setHtml('');
      // A TypeError is fetch's own English ("Failed to fetch"): the visitor gets the Spanish sentence instead.
      onFailure(error instanceof Error && error.message && !(error instanceof TypeError) ? error.message : DESCRIPTION_MESSAGES.failed);
    }
  }

  return { status, html, finalHtml, descriptionId, describe, reset };
}
