/**
 * /api/me/avatar: the profile photo. An upload is read from its bytes (not its name or type), re-encoded as a
 * 256×256 JPEG by sharp and stored through the storage driver; the profile keeps the key. The previous file goes
 * when nothing else references it.
 */
import { randomUUID } from 'node:crypto';
import { z } from '../../lib/zod.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import type { StorageDriver } from '../../server/storage/driver.ts';
import { deleteUnreferencedFiles } from '../../server/storage/file-owners.ts';
import { InvalidImageError, reencodeImage } from '../../server/storage/images.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { avatarUrlFor } from '../../server/auth/avatar-url.ts';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, AVATAR_TOO_LARGE_MESSAGE } from './profile.ts';
import { swapAvatarKey } from './queries.server.ts';

const AVATAR_LIMITS = { name: 'avatar', user: { window: 600, max: 20 }, ip: { window: 600, max: 40 } };

const avatarForm = z.object({ avatar: z.instanceof(File, { error: 'Por favor selecciona un archivo de imagen válido' }) });

function avatarKey(now = new Date()): string {
  return `avatars/${now.toISOString().slice(0, 7)}/${randomUUID()}.jpg`;
}

/** Points the profile at `key` (or at nothing) and returns what it held before. */
async function replaceAvatar(userId: string, key: string | null): Promise<string | null> {
  const previous = await swapAvatarKey(userId, key);
  if (previous === undefined) throw new AppError('not_signed_in');
  return previous;
}

/** The previous photo's file goes unless something else still references it (file-owners.ts). */
async function deleteStoredAvatar(storage: StorageDriver, userId: string, previous: string | null): Promise<void> {
  await deleteUnreferencedFiles([previous], { storage, what: 'avatar anterior', actorId: userId });
}

/** POST /api/me/avatar (multipart, field "avatar"): answers { avatarUrl } with the new photo's address. */
export const uploadAvatarEndpoint = endpoint({
  access: 'update:profile:own',
  // The form's own few hundred bytes on top of the file.
  body: { form: avatarForm, maxBytes: AVATAR_MAX_BYTES + 16 * 1024, tooLarge: AVATAR_TOO_LARGE_MESSAGE },
  limits: AVATAR_LIMITS,
  handle: async ({ user, body }) => {
    if (body.avatar.size > AVATAR_MAX_BYTES) throw new AppError('too_large', { message: AVATAR_TOO_LARGE_MESSAGE });
    let encoded;
    try {
      encoded = await reencodeImage(new Uint8Array(await body.avatar.arrayBuffer()), 85, { cover: { width: AVATAR_SIZE, height: AVATAR_SIZE } });
    } catch (error) {
      if (error instanceof InvalidImageError) throw new AppError('invalid_image');
      throw error;
    }
    const storage = getStorage();
    const key = avatarKey();
    await storage.put(key, encoded.bytes, encoded.contentType);
    let previous: string | null;
    try {
      previous = await replaceAvatar(user.id, key);
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
    await deleteStoredAvatar(storage, user.id, previous);
    return { avatarUrl: avatarUrlFor(storage, key) };
  },
});

/** DELETE /api/me/avatar: back to the initials. */
export const removeAvatarEndpoint = endpoint({
  access: 'update:profile:own',
  limits: AVATAR_LIMITS,
  handle: async ({ user }) => {
    await deleteStoredAvatar(getStorage(), user.id, await replaceAvatar(user.id, null));
    return undefined;
  },
});
