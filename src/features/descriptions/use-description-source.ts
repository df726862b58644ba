import { useEffect, useMemo, useRef, useState } from 'react';
import { showToast } from '../../components/toast/toast-store.ts';
import { useFileDrop } from '../../components/ui/use-file-drop.ts';
import { useTextTypedBeforeHydration } from '../../components/ui/use-text-typed-before-hydration.ts';
import { DEFAULT_DESCRIPTION_LANGUAGE } from '../../lib/ai-options.ts';
import { checkImageFile, isImageUrl, type DescriptionNotice } from './descriptions.ts';

export const fail = (notice: DescriptionNotice) => showToast({ ...notice, variant: 'destructive' });

/**
 * What the description form holds: one image (a file, chosen or dropped, or an address: choosing one clears the
 * other), its preview, the language and the instructions; text typed before hydration is kept.
 */
export function useDescriptionSource() {
  const fileInputRef = useRef<HTMLInputElement>(null);
  const urlInputRef = useRef<HTMLInputElement>(null);
  const instructionsInputRef = useRef<HTMLTextAreaElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [language, setLanguage] = useState<string>(DEFAULT_DESCRIPTION_LANGUAGE);
  const [instructions, setInstructions] = useState('');
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    const problem = checkImageFile(candidate);
    if (problem) {
      fail(problem);
      return;
    }
    setFile(candidate);
    setUrl('');
  }

  const { dragging, zone } = useFileDrop(choose);

  function changeUrl(value: string) {
    setUrl(value);
    if (isImageUrl(value)) {
      setFile(null);
      if (fileInputRef.current) fileInputRef.current.value = '';
    }
  }
  useTextTypedBeforeHydration(urlInputRef, changeUrl);
  useTextTypedBeforeHydration(instructionsInputRef, setInstructions);

  /** 'Nueva imagen': an empty form again (the language stays). */
  function clear() {
    setFile(null);
    setUrl('');
    setInstructions('');
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  return {
    fileInputRef,
    urlInputRef,
    instructionsInputRef,
    file,
    url,
    language,
    setLanguage,
    instructions,
    setInstructions,
    preview,
    choose,
    changeUrl,
    dragging,
    zone,
    clear,
  };
}

export type DescriptionSource = ReturnType<typeof useDescriptionSource>;
