/** The small fetch client behind the image adapters: one deadline per call, size limit, and one safe retry. */
import { Deadline } from './deadline.ts';
import { errorForStatus, isNetworkError, toAiError } from './errors.ts';
import { sniffImageType, type ImageContentType } from './image-bytes.ts';
import { AiProviderError, type GeneratedImage } from './types.ts';

/** A 1920×1920 PNG is well under this; base64 in JSON adds a third. */
export const MAX_RESPONSE_BYTES = 40 * 1024 * 1024;

export interface CallOptions {
  provider: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Only for idempotent GETs: once more after a 5xx or a dropped connection, before any byte arrived. */
  retryOnce?: boolean;
}

async function readBody(response: Response, deadline: Deadline, provider: string): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    deadline.touch();
    total += value.byteLength;
    if (total > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new AiProviderError('bad_response', `${provider}: respuesta de más de ${MAX_RESPONSE_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The response body of a successful call; HTTP errors become typed errors with the provider's words in the log. */
export async function fetchBody(url: string, init: RequestInit, options: CallOptions): Promise<{ bytes: Uint8Array; response: Response }> {
  const deadline = new Deadline(options.timeoutMs, options.signal, options.timeoutMs);
  try {
    for (let attempt = 0; ; attempt++) {
      const canRetry = options.retryOnce === true && attempt === 0;
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: deadline.signal });
      } catch (error) {
        if (canRetry && !deadline.timedOut && !options.signal?.aborted && isNetworkError(error)) continue;
        throw error;
      }
      if (!response.ok) {
        const body = new TextDecoder().decode(await readBody(response, deadline, options.provider).catch(() => new Uint8Array()));
        if (canRetry && response.status >= 500 && response.status !== 503) continue;
        throw errorForStatus(options.provider, response.status, body);
      }
      return { bytes: await readBody(response, deadline, options.provider), response };
    }
  } catch (error) {
    throw toAiError(options.provider, error, deadline, options.signal);
  } finally {
    deadline.clear();
  }
}

export async function fetchJson(url: string, init: RequestInit, options: CallOptions): Promise<unknown> {
  const { bytes } = await fetchBody(url, init, options);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new AiProviderError('bad_response', `${options.provider}: JSON no válido`, { cause: error });
  }
}

/** Accepts only real PNG, JPEG or WebP bytes, whatever the Content-Type header claimed. */
export function checkedImage(provider: string, bytes: Uint8Array): GeneratedImage {
  const contentType: ImageContentType | null = sniffImageType(bytes);
  if (!contentType) throw new AiProviderError('bad_response', `${provider}: la respuesta no es una imagen PNG, JPEG ni WebP (${bytes.length} bytes)`);
  return { bytes, contentType };
}

export function decodeBase64Image(provider: string, data: unknown): GeneratedImage {
  if (typeof data !== 'string' || data.length === 0) throw new AiProviderError('bad_response', `${provider}: respuesta sin imagen`);
  return checkedImage(provider, Buffer.from(data, 'base64'));
}
