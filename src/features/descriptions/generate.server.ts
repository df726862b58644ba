/**
 * POST /api/ai/descriptions: one image (an uploaded file or a URL we fetch safely) in, a description in
 * HTML out, streamed as server-sent events while the model writes and sanitized before it is stored or
 * sent as final. Signed-in users get the new row's id so they can save it.
 */
import { DESCRIPTION_MAX_IMAGE_BYTES, type DescriptionLanguage } from '../../lib/ai-options.ts';
import { z } from '../../lib/zod.ts';
import { acquireGeneration } from '../../server/ai/guard.ts';
import { AiProviderError, type ImageDescriber } from '../../server/ai/types.ts';
import { serverEnv } from '../../server/env.ts';
import { htmlToText, sanitizeHtmlContent } from '../../server/html/sanitize.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { sniffImageType } from '../../server/media/image-type.ts';
import { prepareImageForModel, UnreadableImageError } from '../../server/media/prepare-for-model.ts';
import { fetchImageSafely, SafeFetchError } from '../../server/net/safe-fetch.ts';
import { DESCRIPTION_MESSAGES, descriptionFields, isImageUrl, stripCodeFence, type DescriptionEvent } from './descriptions.ts';
import { insertDescription, UPLOADED_IMAGE_MARKER } from './queries.server.ts';

/** The file plus the multipart framing and the few text fields. */
const MAX_REQUEST_BYTES = DESCRIPTION_MAX_IMAGE_BYTES + 64 * 1024;

export interface DescriptionDeps {
  describer: () => ImageDescriber;
  /** Tests only: replaces SAFE_FETCH_ALLOW_HOSTS, the SSRF guard's exception list (empty in production). */
  allowHosts?: readonly string[];
  log?: (message: string, error: unknown) => void;
}

/** The form as the endpoint reads it: the text fields plus the optional `image` part. */
const descriptionForm = descriptionFields.extend({ image: z.instanceof(File).optional().catch(undefined) });

/** POST /api/ai/descriptions (multipart): SSE `chunk` events while the model writes, then `done` or `error`. */
export function describeImageEndpoint(deps: DescriptionDeps) {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  return endpoint({
    body: { form: descriptionForm, maxBytes: MAX_REQUEST_BYTES, tooLarge: DESCRIPTION_MESSAGES.fileTooLarge.description },
    handle: async ({ body: fields, user, ip, request }) => {
      const file = fields.image && fields.image.size > 0 ? fields.image : null;
      if (!file && !fields.imageUrl) throw new AppError('bad_request', { message: DESCRIPTION_MESSAGES.imageRequired.description });
      if (file && file.size > DESCRIPTION_MAX_IMAGE_BYTES) throw new AppError('too_large', { message: DESCRIPTION_MESSAGES.fileTooLarge.description });
      if (!file && !isImageUrl(fields.imageUrl!)) throw new AppError('bad_request', { message: DESCRIPTION_MESSAGES.invalidUrl });
      const release = await acquireGeneration('descriptions', { userId: user?.id, anonymousSessionId: fields.sessionId, ip });
      return describeWithSlot({ deps, log, fields, file, userId: user?.id ?? null, request, release });
    },
  });
}

interface DescriptionJob {
  deps: DescriptionDeps;
  log: NonNullable<DescriptionDeps['log']>;
  fields: { language: string; instructions?: string | undefined; imageUrl?: string | undefined };
  file: File | null;
  userId: string | null;
  request: Request;
  release: () => Promise<void>;
}

async function describeWithSlot({ deps, log, fields, file, userId, request, release: freeSlot }: DescriptionJob): Promise<Response> {
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await freeSlot().catch((error: unknown) => log('No se pudo liberar el turno de generación', error));
  };
  const abort = new AbortController();
  const onClientGone = () => abort.abort();
  request.signal.addEventListener('abort', onClientGone, { once: true });
  let streaming = false;
  try {
    let original: Uint8Array;
    if (file) {
      original = new Uint8Array(await file.arrayBuffer());
      if (!sniffImageType(original)) throw new AppError('unsupported_type', { message: DESCRIPTION_MESSAGES.invalidFormat.description });
    } else {
      try {
        original = (await fetchImageSafely(fields.imageUrl!, { allowHosts: deps.allowHosts ?? serverEnv().SAFE_FETCH_ALLOW_HOSTS, signal: abort.signal }))
          .bytes;
      } catch (error) {
        if (!(error instanceof SafeFetchError)) throw error;
        log(`Imagen por URL rechazada (${error.reason})`, error.message);
        throw new AppError('unprocessable', { message: DESCRIPTION_MESSAGES.imageUnreachable });
      }
    }
    let image: Awaited<ReturnType<typeof prepareImageForModel>>;
    try {
      image = await prepareImageForModel(original);
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error;
      throw new AppError('unprocessable', { message: file ? DESCRIPTION_MESSAGES.invalidFormat.description : DESCRIPTION_MESSAGES.imageUnreachable });
    }

    const chunks = deps
      .describer()
      .describe({ image, language: fields.language as DescriptionLanguage, instructions: fields.instructions, signal: abort.signal })
      [Symbol.asyncIterator]();
    // Waiting for the first piece lets a provider that fails at once answer with a plain HTTP error.
    const first = await chunks.next();
    streaming = true;
    const source = file ? UPLOADED_IMAGE_MARKER : fields.imageUrl!;
    const stream = new ReadableStream<Uint8Array>({
      // Not awaited: the browser reads each event as soon as it is queued, not when the model has finished.
      start(controller) {
        void pump(controller);
      },
      cancel() {
        abort.abort();
      },
    });
    async function pump(controller: ReadableStreamDefaultController<Uint8Array>) {
      const encoder = new TextEncoder();
      const send = (event: DescriptionEvent) => controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
      let raw = '';
      try {
        for (let step = first; !step.done; step = await chunks.next()) {
          if (abort.signal.aborted) return;
          raw += step.value;
          send({ type: 'chunk', text: step.value });
        }
        const html = sanitizeHtmlContent(stripCodeFence(raw));
        if (!htmlToText(html)) {
          send({ type: 'error', error: DESCRIPTION_MESSAGES.emptyResult });
          return;
        }
        let id: string | null = null;
        if (userId) {
          try {
            id = await insertDescription({ userId, imageUrl: source, html, language: fields.language, instructions: fields.instructions ?? null });
          } catch (error) {
            // Insert failures are silent for the visitor; the description is still theirs to copy.
            log('No se pudo guardar la descripción generada', error);
          }
        }
        send({ type: 'done', html, id });
      } catch (error) {
        if (!abort.signal.aborted) send({ type: 'error', error: visitorMessageOf(error, log) });
      } finally {
        request.signal.removeEventListener('abort', onClientGone);
        await release();
        try {
          controller.close();
        } catch {
          // Already closed because the browser went away.
        }
      }
    }
    return new Response(stream, {
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
    });
  } finally {
    if (!streaming) {
      request.signal.removeEventListener('abort', onClientGone);
      await release();
    }
  }
}

function visitorMessageOf(error: unknown, log: NonNullable<DescriptionDeps['log']>): string {
  if (error instanceof AiProviderError) {
    log(`Descripción fallida (${error.kind})`, error.message);
    return error.visitorMessage;
  }
  log('Descripción fallida', error);
  return DESCRIPTION_MESSAGES.failed;
}
