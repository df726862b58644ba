import { useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { showToast } from '../../components/toast/toast-store.ts';
import { useTextTypedBeforeHydration } from '../../components/ui/use-text-typed-before-hydration.ts';
import { DEFAULT_IMAGE_MODEL, DEFAULT_IMAGE_SIZE, type ImageModel, type ImageSize } from '../../lib/ai-options.ts';
import { errorToast, messageOf } from './actions.ts';
import { requestImages } from './api.ts';
import { GENERATION_FAILED_MESSAGE, imageGenerationInput } from './image-generator.ts';

/**
 * The create card's state: the prompt (kept if typed before hydration), model, size and count, and the one
 * request in flight. `onGenerated` runs after images were made, so the gallery can show them.
 */
export function useImageGeneration(sessionId: RefObject<string>, onGenerated: () => void) {
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState('');
  useTextTypedBeforeHydration(promptRef, setPrompt);
  const [model, setModel] = useState<ImageModel>(DEFAULT_IMAGE_MODEL);
  const [size, setSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [count, setCount] = useState(1);
  /** How many images are being made; null when idle. */
  const [generating, setGenerating] = useState<number | null>(null);
  /** The provider's reason when fewer images than asked for came back. */
  const [partialNote, setPartialNote] = useState('');

  async function generate(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = imageGenerationInput.safeParse({ prompt, model, size, count, sessionId: sessionId.current });
    if (!parsed.success) {
      errorToast(parsed.error.issues[0]?.message ?? GENERATION_FAILED_MESSAGE);
      return;
    }
    setGenerating(parsed.data.count);
    setPartialNote('');
    try {
      const result = await requestImages(parsed.data, GENERATION_FAILED_MESSAGE);
      const made = result.images.length;
      showToast({
        title: '¡Imágenes generadas!',
        description: made === 1 ? 'Se ha generado 1 imagen exitosamente.' : `Se han generado ${made} imágenes exitosamente.`,
      });
      if (result.error) setPartialNote(result.error);
      onGenerated();
    } catch (error) {
      errorToast(messageOf(error, GENERATION_FAILED_MESSAGE));
    } finally {
      setGenerating(null);
    }
  }

  function focusPrompt() {
    const box = promptRef.current;
    box?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    box?.focus({ preventScroll: true });
  }

  return { promptRef, prompt, setPrompt, model, setModel, size, setSize, count, setCount, generating, partialNote, generate, focusPrompt };
}

export type ImageGeneration = ReturnType<typeof useImageGeneration>;
