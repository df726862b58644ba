import type { DownloadFormat, GeneratedImageView } from './image-generator.ts';
import { IMAGE_MODELS } from '../../lib/ai-options.ts';

/** What a card and the preview can do with an image; the island owns the state behind each. */
export interface ImageActions {
  signedIn: boolean;
  busyId: string | null;
  downloadingId: string | null;
  preview: (image: GeneratedImageView) => void;
  copyPrompt: (image: GeneratedImageView) => void;
  remix: (image: GeneratedImageView) => void;
  download: (image: GeneratedImageView, format: DownloadFormat) => void;
  share: (image: GeneratedImageView) => void;
  toggleSave: (image: GeneratedImageView) => void;
  remove: (image: GeneratedImageView) => void;
}

export function modelName(model: string): string {
  const label = IMAGE_MODELS.find((option) => option.value === model)?.label ?? model;
  return label.replace(/\s*\(.*\)$/, '');
}
