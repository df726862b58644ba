import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { RequestError } from '../../lib/endpoint-call.ts';
import { checkImageFile, IMAGE_MESSAGES } from '../../lib/image-rules.ts';
import { uploadImage } from '../../lib/image-upload.ts';
import { videoEmbedUrl } from '../../lib/video-embed.ts';
import { showToast } from '../toast/toast-store.ts';
import { LINK_PROTOCOLS } from './editor-setup.ts';

/** The address being asked for under the toolbar (a link, an image or a video), with its error if refused. */
export type InsertPrompt = { kind: 'link' | 'image' | 'video'; value: string; error?: string | undefined } | null;

/**
 * The state behind the toolbar's Enlace, Imagen and Vídeo: the open prompt, and what applying it does. Images,
 * by address or from a file, are stored like the form's images (never hot-linked); videos only from YouTube or Vimeo.
 */
export function useInsertPrompt(editor: Editor | null) {
  const [prompt, setPrompt] = useState<InsertPrompt>(null);
  const [uploading, setUploading] = useState(false);

  async function insertImage(source: File | string) {
    if (!editor) return;
    if (typeof source !== 'string') {
      const problem = checkImageFile(source);
      if (problem) return showToast({ title: 'Error', description: problem, variant: 'destructive' });
    }
    setUploading(true);
    try {
      const stored = await uploadImage(source);
      editor.chain().focus().setImage({ src: stored.url, alt: '' }).run();
      showToast({ title: IMAGE_MESSAGES.uploaded });
      setPrompt(null);
    } catch (error) {
      const message = error instanceof RequestError ? error.message : 'No se pudo subir la imagen.';
      if (typeof source === 'string') setPrompt({ kind: 'image', value: source, error: message });
      else showToast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  function applyPrompt() {
    if (!editor || !prompt) return;
    const value = prompt.value.trim();
    if (prompt.kind === 'link') {
      if (value === '' || value === 'https://') {
        editor.chain().focus().extendMarkRange('link').unsetLink().run();
        return setPrompt(null);
      }
      if (!LINK_PROTOCOLS.test(value)) return setPrompt({ ...prompt, error: 'El enlace debe empezar por https://, http://, mailto: o tel:' });
      editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
      return setPrompt(null);
    }
    if (prompt.kind === 'video') {
      if (!videoEmbedUrl(value)) return setPrompt({ ...prompt, error: 'Solo se pueden insertar vídeos de YouTube o Vimeo.' });
      editor.chain().focus().setVideo(value).run();
      return setPrompt(null);
    }
    if (!/^https?:\/\//i.test(value)) return setPrompt({ ...prompt, error: IMAGE_MESSAGES.badUrl });
    void insertImage(value);
  }

  return { prompt, setPrompt, uploading, insertImage, applyPrompt };
}
