/** The publication form's own words: its buttons, the «Vista previa» notices and the toasts after a save. */

export const PUBLISH_TEXTS = {
  submit: 'Publicar con Múltiples Categorías',
  submitting: 'Publicando con Múltiples Categorías...',
  save: 'Guardar Cambios',
  saving: 'Guardando...',
  previewEmpty: { title: 'Vista previa', description: 'Escribe algo en el formulario para ver cómo quedará tu herramienta.' },
  previewFailed: { title: 'Error', description: 'No se pudo guardar el borrador para la vista previa. Inténtalo de nuevo.', variant: 'destructive' as const },
} as const;

/** «1 categoría», «2 categorías». */
export const categoryCountText = (count: number) => `${count} ${count === 1 ? 'categoría' : 'categorías'}`;

/** The success toast: '¡Publicación enviada con N categoría(s)!' with a line about unique metadata. */
export function publishedToast(count: number) {
  return {
    title: `¡Publicación enviada con ${categoryCountText(count)}!`,
    description: 'Hemos generado metadatos SEO únicos para tu publicación. La revisaremos antes de publicarla.',
  };
}

/** The toast after an edit is saved. */
export function savedToast(count: number) {
  return { title: '¡Publicación actualizada!', description: `Guardada con ${categoryCountText(count)}.` };
}
