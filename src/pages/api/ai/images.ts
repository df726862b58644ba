/** POST /api/ai/images: generates 1 to 9 images for the visitor and answers their gallery rows (SPEC §7). */
import type { APIRoute } from 'astro';
import { GENERATION_FAILED_MESSAGE, imageGenerationInput } from '../../../features/image-generator/image-generator.ts';
import { visitorType } from '../../../features/visitor/visitor.ts';
import { getImageGenerator } from '../../../server/ai/registry.ts';
import { guardGeneration } from '../../../server/ai/guard.ts';
import { json, jsonError, readJsonBody } from '../../../server/http/endpoint.ts';
import { generateImages, providerErrorStatus } from '../../../features/image-generator/generate-images.server.ts';
import { getStorage } from '../../../server/storage/storage.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const body = await readJsonBody(context.request, imageGenerationInput);
  if (!body.ok) return body.response;
  const user = context.locals.user;
  const { sessionId, ...input } = body.data;
  if (!user && !sessionId) return jsonError(400, 'Identificador de sesión no válido.');

  const guard = await guardGeneration(context, 'images', sessionId);
  if (!guard.ok) return guard.response;
  try {
    const result = await generateImages(
      { generator: getImageGenerator(), storage: getStorage() },
      {
        input,
        owner: user ? { userId: user.id } : { sessionId: sessionId! },
        visitorType: visitorType(context.request.headers.get('user-agent'), Boolean(user)),
        signal: context.request.signal,
      },
    );
    if (result.images.length === 0) {
      return result.failure ? jsonError(providerErrorStatus(result.failure), result.failure.visitorMessage) : jsonError(502, GENERATION_FAILED_MESSAGE);
    }
    const partial = result.failure ? `Se generaron ${result.images.length} de ${result.requested} imágenes. ${result.failure.visitorMessage}` : undefined;
    return json({ images: result.images, ...(partial ? { error: partial } : {}) });
  } catch (error) {
    console.error('Error inesperado al generar imágenes', error);
    return jsonError(500, GENERATION_FAILED_MESSAGE);
  } finally {
    await guard.release();
  }
};
