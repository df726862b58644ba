import { useState } from 'react';

/** Guardar / Guardado on a generated description, for a signed-in visitor. */
export function useDescriptionSave(onFailure: () => void) {
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  async function toggle(descriptionId: string) {
    setSaving(true);
    try {
      const response = await fetch(`/api/descriptions/${descriptionId}/save`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ saved: !saved }),
      });
      if (!response.ok) throw new Error(String(response.status));
      setSaved(((await response.json()) as { saved: boolean }).saved);
    } catch {
      onFailure();
    } finally {
      setSaving(false);
    }
  }

  return { saved, saving, toggle, forget: () => setSaved(false) };
}
