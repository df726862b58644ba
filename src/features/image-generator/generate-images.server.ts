/**
 * One generation request: count images with their own random seeds, at
 * most a few at a time, each re-encoded by sharp, stored by the storage driver (never hot-linked)
 * and recorded as its own history row as soon as it exists, so a later failure loses nothing.
 */
import { randomUUID } from 'node:crypto';
import { parseImageSize } from '../../lib/ai-options.ts';
import { enhancePrompt, randomSeed, type GeneratedImageView, type ImageGenerationInput } from './image-generator.ts';
import type { VisitorType } from '../../lib/visitor/visitor.ts';
import { AiProviderError, type ImageGenerator } from '../../server/ai/types.ts';
import type { Database } from '../../server/db/client.ts';
import { insertGeneratedImage, type ImageOwner } from './queries.server.ts';
import type { StorageDriver } from '../../server/storage/driver.ts';
import { InvalidImageError, reencodeImage } from '../../server/storage/images.ts';

/** Two or three calls at once keep a 9-image request quick without hammering the provider. */
export const GENERATION_CONCURRENCY = 3;

/** Failures that every remaining image would hit as well: stop starting new ones. */
const STOPPING_KINDS = new Set(['unauthorized', 'rate_limited', 'content_refused']);

export interface GenerationResult {
  images: GeneratedImageView[];
  /** The first failure, when at least one image could not be made. */
  failure: AiProviderError | null;
  requested: number;
}

export interface GenerationDeps {
  generator: ImageGenerator;
  storage: StorageDriver;
  db?: Database;
}

export interface GenerationRequest {
  input: Pick<ImageGenerationInput, 'prompt' | 'model' | 'size' | 'count'>;
  owner: ImageOwner;
  visitorType: VisitorType;
  signal?: AbortSignal;
  concurrency?: number;
}

function storageKey(extension: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `generated/${month}/${randomUUID()}.${extension}`;
}

export async function generateImages(deps: GenerationDeps, request: GenerationRequest): Promise<GenerationResult> {
  const { input, owner, visitorType, signal } = request;
  const enhancedPrompt = enhancePrompt(input.prompt);
  const { width, height } = parseImageSize(input.size);
  const results: (GeneratedImageView | undefined)[] = new Array(input.count);
  let failure: AiProviderError | null = null;
  let next = 0;

  async function makeOne(): Promise<GeneratedImageView> {
    const seed = randomSeed();
    const generated = await deps.generator.generate({ prompt: enhancedPrompt, model: input.model, width, height, seed, signal });
    const encoded = await reencodeImage(generated.bytes).catch((error: unknown) => {
      if (error instanceof InvalidImageError) throw new AiProviderError('bad_response', error.message, { cause: error });
      throw error;
    });
    const key = storageKey(encoded.extension);
    await deps.storage.put(key, encoded.bytes, encoded.contentType);
    try {
      return await insertGeneratedImage(
        {
          owner,
          visitorType,
          prompt: input.prompt,
          enhancedPrompt,
          model: input.model,
          provider: deps.generator.provider,
          imageKey: key,
          width: encoded.width,
          height: encoded.height,
          seed,
        },
        deps.db,
        deps.storage,
      );
    } catch (error) {
      await deps.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  async function worker(): Promise<void> {
    while (next < input.count && !signal?.aborted && !(failure && STOPPING_KINDS.has(failure.kind))) {
      const index = next++;
      try {
        results[index] = await makeOne();
      } catch (error) {
        if (!(error instanceof AiProviderError)) throw error;
        console.warn(`Generación de imagen fallida (${error.kind}): ${error.message}`);
        failure ??= error;
      }
    }
  }

  const workers = Math.min(request.concurrency ?? GENERATION_CONCURRENCY, input.count);
  // Settled, not Promise.all: an unexpected error must not return while other workers still write files.
  const settled = await Promise.allSettled(Array.from({ length: workers }, worker));
  const crashed = settled.find((outcome) => outcome.status === 'rejected');
  if (crashed) throw crashed.reason;
  return { images: results.filter((image): image is GeneratedImageView => image !== undefined), failure, requested: input.count };
}
