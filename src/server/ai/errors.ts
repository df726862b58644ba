/**
 * Turns whatever a provider call throws (HTTP statuses, SDK errors, network failures, our own deadline)
 * into one AiProviderError kind, so pages show one of six Spanish messages and logs keep the detail.
 */
import type { Deadline } from './deadline.ts';
import { AiProviderError, type AiErrorKind } from './types.ts';

const INVALID_KEY = /API_KEY_INVALID|API key not valid|invalid_api_key|Incorrect API key/i;
const CONTENT_POLICY = /content[_ ]?policy|content_filter|moderation|safety|nsfw|prohibited|blocked/i;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

interface SdkCallError extends Error {
  statusCode?: number;
  responseBody?: string;
}

/**
 * The AI SDK's APICallError, recognised by the marker its isInstance() checks, so that this module does
 * not load the SDK for the image adapters, which never use it.
 */
function isSdkCallError(error: unknown): error is SdkCallError {
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[Symbol.for('vercel.ai.error.AI_APICallError')] === true;
}

/** The kind an HTTP error status (plus its body, for the 400s that carry a reason) stands for. */
export function kindForStatus(status: number, body = ''): AiErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 400 && INVALID_KEY.test(body)) return 'unauthorized';
  if ((status === 400 || status === 422 || status === 451) && CONTENT_POLICY.test(body)) return 'content_refused';
  // Gemini and most gateways answer 503 when the model is overloaded: the visitor should just wait.
  if (status === 503) return 'rate_limited';
  if (status === 408 || status === 504) return 'timeout';
  return 'bad_response';
}

export function errorForStatus(provider: string, status: number, body: string): AiProviderError {
  return new AiProviderError(kindForStatus(status, body), `${provider}: HTTP ${status} ${body.slice(0, 500)}`);
}

function networkCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isNetworkError(error: unknown): boolean {
  return networkCode(error) !== undefined || (error instanceof TypeError && /fetch failed|terminated|other side closed/i.test(error.message));
}

/**
 * The caller's own abort (the visitor left) is rethrown as it is: it is not a provider failure and nobody
 * is left to read a message. Everything else becomes an AiProviderError.
 */
export function toAiError(provider: string, error: unknown, deadline?: Deadline, callerSignal?: AbortSignal): unknown {
  if (error instanceof AiProviderError) return error;
  if (deadline?.timedOut) return new AiProviderError('timeout', `${provider}: sin respuesta a tiempo`, { cause: error });
  if (callerSignal?.aborted) return callerSignal.reason ?? error;
  if (isSdkCallError(error)) {
    if (error.statusCode !== undefined) {
      return new AiProviderError(kindForStatus(error.statusCode, error.responseBody ?? error.message), `${provider}: ${error.message}`, { cause: error });
    }
    return new AiProviderError('unreachable', `${provider}: ${error.message}`, { cause: error });
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new AiProviderError('timeout', `${provider}: ${error.message}`, { cause: error });
  }
  if (isNetworkError(error)) return new AiProviderError('unreachable', `${provider}: ${String(error)}`, { cause: error });
  return new AiProviderError('bad_response', `${provider}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
