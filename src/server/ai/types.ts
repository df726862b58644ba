/**
 * The AI interfaces we own. Pages and endpoints talk to these, never to a provider's SDK,
 * so a provider can be swapped by configuration and every failure arrives as one of six kinds.
 */
import { ERROR_TABLE } from '../../lib/error-table.ts';
import type { DescriptionLanguage, ImageModel, StoryAudience, StoryGenre, StoryLength } from '../../lib/ai-options.ts';

export type AiErrorKind = 'unauthorized' | 'rate_limited' | 'content_refused' | 'timeout' | 'unreachable' | 'bad_response';

export class AiProviderError extends Error {
  override name = 'AiProviderError';
  readonly kind: AiErrorKind;

  /** detail is for the log only: the provider's own words, never shown to visitors. */
  constructor(kind: AiErrorKind, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.kind = kind;
  }

  /** What the visitor reads: the table's row for this kind. */
  get visitorMessage(): string {
    return ERROR_TABLE[`ai_${this.kind}`].message;
  }
}

export interface ImageRequest {
  prompt: string;
  model: ImageModel;
  width: number;
  height: number;
  seed: number;
  signal?: AbortSignal;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: string;
}

export interface ImageGenerator {
  /** Shown on /herramientas-ia-gratis and in the admin settings. */
  readonly provider: string;
  generate(request: ImageRequest): Promise<GeneratedImage>;
}

export interface DescriptionRequest {
  image: { bytes: Uint8Array; contentType: string };
  language: DescriptionLanguage;
  instructions?: string;
  signal?: AbortSignal;
}

export interface ImageDescriber {
  readonly provider: string;
  readonly model: string;
  /** HTML as the model writes it, chunk by chunk; callers sanitize before showing or storing. */
  describe(request: DescriptionRequest): AsyncIterable<string>;
}

export interface StoryRequest {
  prompt: string;
  genre: StoryGenre;
  audience: StoryAudience;
  length: StoryLength;
  language: DescriptionLanguage;
  signal?: AbortSignal;
}

export interface StoryWriter {
  readonly provider: string;
  readonly model: string;
  /** Plain text, chunk by chunk. */
  write(request: StoryRequest): AsyncIterable<string>;
}

export interface CompletionRequest {
  /** The system instructions. */
  instructions: string;
  /** The user message. */
  text: string;
  maxOutputTokens: number;
  signal?: AbortSignal;
}

export interface TextCompleter {
  readonly provider: string;
  readonly model: string;
  /** The model's whole answer as text (an admin's draft: nobody reads it while it is written). */
  complete(request: CompletionRequest): Promise<string>;
}
