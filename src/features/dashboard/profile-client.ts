/** The profile page's calls to /api/me/* (the rest of the profile goes through the auth routes, auth-client.ts). */

export type UploadResult = { ok: true; avatarUrl: string | null } | { ok: false; message: string };

async function failureMessage(response: Response, fallback: string): Promise<string> {
  const data = (await response.json().catch(() => null)) as { error?: string } | null;
  return data?.error || fallback;
}

export async function uploadAvatar(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('avatar', file);
  try {
    const response = await fetch('/api/me/avatar', { method: 'POST', body: form, credentials: 'same-origin' });
    if (!response.ok) return { ok: false, message: await failureMessage(response, 'No se pudo subir la imagen.') };
    const data = (await response.json()) as { avatarUrl: string | null };
    return { ok: true, avatarUrl: data.avatarUrl };
  } catch {
    return { ok: false, message: 'No se pudo subir la imagen.' };
  }
}

export async function removeAvatar(): Promise<boolean> {
  try {
    const response = await fetch('/api/me/avatar', { method: 'DELETE', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}
