import { useStore } from '@nanostores/react';
import { useId, useRef } from 'react';
import { sessionUser } from '../../components/account/session-store.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import type { ImageActions } from './actions.ts';
import { CreateImageCard } from './CreateImageCard.tsx';
import { GeneratorGallery } from './GeneratorGallery.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { useGeneratorGallery } from './use-generator-gallery.ts';
import { useImageGeneration } from './use-image-generation.ts';

/** The image generator: the create card and the visitor's gallery, one island sharing the prompt. */
export default function ImageGenerator() {
  const user = useStore(sessionUser);
  const hydrated = useHydrated();
  // The first render matches the prerendered (signed-out) HTML; the session shows once hydrated.
  const signedIn = hydrated && Boolean(user);
  const ids = useId();
  const gallery = useGeneratorGallery({ signedIn, knownUserId: user === undefined ? undefined : (user?.id ?? null) });
  const generation = useImageGeneration(gallery.sessionId, gallery.showGenerated);
  const { preview, setPreview } = gallery.gallery;
  const focusPromptOnClose = useRef(false);

  function previewClosed() {
    setPreview(null);
    if (!focusPromptOnClose.current) return;
    focusPromptOnClose.current = false;
    generation.focusPrompt();
  }

  const actions: ImageActions = {
    ...gallery.actions,
    remix(image) {
      generation.setPrompt(image.prompt);
      showToast({ title: 'Remix aplicado', description: 'La descripción está lista en el generador para crear una variación.' });
      // A closing modal gives focus back to its opener; the prompt box takes it once the dialog has closed.
      if (preview) {
        focusPromptOnClose.current = true;
        setPreview(null);
      } else generation.focusPrompt();
    },
  };

  return (
    <>
      <CreateImageCard idBase={ids} generation={generation} hydrated={hydrated} />
      <GeneratorGallery idBase={ids} signedIn={signedIn} state={gallery} actions={actions} />
      <PreviewDialog image={preview} actions={actions} onClose={previewClosed} />
    </>
  );
}
