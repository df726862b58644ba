/** The image upload rules of the publish and edit forms, shared by the form (checks before sending) and the server (always again). */

/** 5 MB for publication images. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  invalidType: 'Por favor selecciona un archivo de imagen válido',
  tooLarge: 'La imagen es demasiado grande. Máximo 5MB',
  polyglot: 'La imagen contiene datos que no son de imagen. Expórtala de nuevo como JPG, PNG o WebP.',
  badUrl: 'Escribe la dirección completa de la imagen, empezando por https://',
  uploaded: 'Imagen subida exitosamente',
  imageUpdated: 'Imagen actualizada',
  logoUpdated: 'Logo actualizado',
} as const;

/** The file's type must start with image/ and weigh at most 5 MB; the first failing rule's message, or null. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return IMAGE_MESSAGES.invalidType;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}
