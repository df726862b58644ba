/**
 * POST /api/ai/descriptions: one image (an uploaded file or a URL we fetch safely) in, a description in
 * HTML out, streamed as server-sent events while the model writes and sanitized before it is stored or
 * sent as final. Signed-in users get the new row's id so they can save it.
 */
import type { APIContext } from 'astro';
import type { DescriptionLanguage } from '../../lib/ai-options.ts';
import { DESCRIPTION_MAX_IMAGE_BYTES } from '../../lib/ai-options.ts';
import { DESCRIPTION_MESSAGES, descriptionFields, isImageUrl, stripCodeFence, type DescriptionEvent } from './descriptions.ts';
import { guardGeneration } from '../../server/ai/guard.ts';
import { AiProviderError, type ImageDescriber } from '../../server/ai/types.ts';
import { insertDescription, UPLOADED_IMAGE_MARKER } from './queries.server.ts';
import { htmlToText, sanitizeHtmlContent } from '../../server/html/sanitize.ts';
import { BAD_BODY_MESSAGE, jsonError, readLimitedBytes } from '../../server/http/endpoint.ts';
import { sniffImageType } from '../../server/media/image-type.ts';
import { prepareImageForModel, UnreadableImageError } from '../../server/media/prepare-for-model.ts';
import { fetchImageSafely, SafeFetchError } from '../../server/net/safe-fetch.ts';

/** The file plus the multipart framing and the few text fields. */
const MAX_REQUEST_BYTES = DESCRIPTION_MAX_IMAGE_BYTES + 64 * 1024;

export interface DescriptionDeps {
  describer: () => ImageDescriber;
  /** TEST ONLY exception list for the SSRF guard (SAFE_FETCH_ALLOW_HOSTS); empty in production. */
  allowHosts?: readonly string[];
  log?: (message: string, error: unknown) => void;
}

type Context = Pick<APIContext, 'request' | 'clientAddress' | 'locals'>;

export async function generateDescription(context: Context, deps: DescriptionDeps): Promise<Response> {
  const { request } = context;
  const log = deps.log ?? ((message, error) => console.error(message, error));
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return jsonError(415, BAD_BODY_MESSAGE);
  if (Number(request.headers.get('content-length') ?? '0') > MAX_REQUEST_BYTES) return jsonError(413, DESCRIPTION_MESSAGES.fileTooLarge.description);
  const body = await readLimitedBytes(request, MAX_REQUEST_BYTES);
  if (body === null) return jsonError(413, DESCRIPTION_MESSAGES.fileTooLarge.description);
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
  } catch {
    return jsonError(400, BAD_BODY_MESSAGE);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const parsed = descriptionFields.safeParse({
    language: text('language'),
    instructions: text('instructions'),
    imageUrl: text('imageUrl'),
    sessionId: text('sessionId'),
  });
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? BAD_BODY_MESSAGE);
  const fields = parsed.data;
  const upload = form.get('image');
  const file = upload instanceof File && upload.size > 0 ? upload : null;
  if (!file && !fields.imageUrl) return jsonError(400, DESCRIPTION_MESSAGES.imageRequired.description);
  if (file && file.size > DESCRIPTION_MAX_IMAGE_BYTES) return jsonError(413, DESCRIPTION_MESSAGES.fileTooLarge.description);
  if (!file && !isImageUrl(fields.imageUrl!)) return jsonError(400, DESCRIPTION_MESSAGES.invalidUrl);

  const guard = await guardGeneration(context, 'descriptions', fields.sessionId);
  if (!guard.ok) return guard.response;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await guard.release().catch((error: unknown) => log('No se pudo liberar el turno de generación', error));
  };
  const abort = new AbortController();
  const onClientGone = () => abort.abort();
  request.signal.addEventListener('abort', onClientGone, { once: true });
  let streaming = false;
  try {
    let original: Uint8Array;
    if (file) {
      original = new Uint8Array(await file.arrayBuffer());
      if (!sniffImageType(original)) return jsonError(415, DESCRIPTION_MESSAGES.invalidFormat.description);
    } else {
      try {
        original = (await fetchImageSafely(fields.imageUrl!, { allowHosts: deps.allowHosts ?? [], signal: abort.signal })).bytes;
      } catch (error) {
        if (!(error instanceof SafeFetchError)) throw error;
        log(`Imagen por URL rechazada (${error.reason})`, error.message);
        return jsonError(422, DESCRIPTION_MESSAGES.imageUnreachable);
      }
    }
    let image: Awaited<ReturnType<typeof prepareImageForModel>>;
    try {
      image = await prepareImageForModel(original);
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error;
      return jsonError(422, file ? DESCRIPTION_MESSAGES.invalidFormat.description : DESCRIPTION_MESSAGES.imageUnreachable);
    }

    const chunks = deps
      .describer()
      .describe({ image, language: fields.language as DescriptionLanguage, instructions: fields.instructions, signal: abort.signal })
      [Symbol.asyncIterator]();
    // Waiting for the first piece lets a provider that fails at once answer with a plain HTTP error.
    let first: IteratorResult<string>;
    try {
      first = await chunks.next();
    } catch (error) {
      return providerErrorResponse(error, log);
    }
    streaming = true;
    const userId = context.locals.user?.id ?? null;
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
            // SPEC §8: insert failures are silent for the visitor; the description is still theirs to copy.
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

function providerErrorResponse(error: unknown, log: NonNullable<DescriptionDeps['log']>): Response {
  const message = visitorMessageOf(error, log);
  const status =
    error instanceof AiProviderError && error.kind === 'rate_limited' ? 503 : error instanceof AiProviderError && error.kind === 'timeout' ? 504 : 502;
  return jsonError(status, message);
}
