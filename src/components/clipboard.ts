/** Copying text to the clipboard, shared by the image and story screens. */

/** Clipboard API first; the hidden-textarea fallback covers browsers and contexts without it. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('No se pudo copiar.');
  }
}
