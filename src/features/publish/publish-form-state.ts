/**
 * The publication form's state: what its fields hold, how a stored post or a resumed draft fills them, and the body
 * those fields send (the same shape the server validates with publishInput or editInput).
 */
import type { EditableTool, ToolStatus } from '../../lib/tool-form.ts';
import type { PricingModel } from '../../lib/pricing.ts';
import { factsBody, factsDraft, type FactsDraft } from './facts-draft.ts';
import type { ImageValue } from './ImageInput.tsx';
import type { SubmissionDraft } from './submission-draft.ts';

export interface FormState {
  title: string;
  description: string;
  url: string;
  pricing: PricingModel;
  categoryIds: string[];
  image: ImageValue;
  logo: ImageValue;
  content: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  author: string;
  useCases: string[];
  facts: FactsDraft;
  filledTitle: boolean;
  filledDescription: boolean;
  slug: string;
  status: ToolStatus;
  isPopular: boolean;
  isFeatured: boolean;
  reviewNote: string;
}

export type FormPatch = Partial<FormState>;

/** The form of a new publication, or of a stored post being edited. */
export function initialState(tool: EditableTool | undefined): FormState {
  return {
    title: tool?.title ?? '',
    description: tool?.description ?? '',
    url: tool?.url ?? '',
    pricing: tool?.pricing ?? 'unknown',
    categoryIds: tool?.categoryIds ?? [],
    image: { key: tool?.imageUrl ?? '', preview: tool?.imagePreview ?? null },
    logo: { key: tool?.logoUrl ?? '', preview: tool?.logoPreview ?? null },
    content: tool?.content ?? '',
    metaTitle: tool?.metaTitle ?? '',
    metaDescription: tool?.metaDescription ?? '',
    keywords: tool?.keywords ?? [],
    author: tool?.author ?? '',
    useCases: tool?.useCases ?? [],
    facts: factsDraft(tool?.facts),
    // A stored post's fields were filled already, and each is filled only once.
    filledTitle: Boolean(tool),
    filledDescription: Boolean(tool),
    slug: tool?.slug ?? '',
    status: tool?.status ?? 'pending',
    isPopular: tool?.isPopular ?? false,
    isFeatured: tool?.isFeatured ?? false,
    reviewNote: tool?.reviewNote ?? '',
  };
}

/** The form as a resumed draft left it: what the draft lacks starts empty, as on a new form. */
export function draftState(draft: SubmissionDraft): FormState {
  const values = draft.values;
  const empty = initialState(undefined);
  return {
    ...empty,
    title: values.title ?? '',
    description: values.description ?? '',
    url: values.url ?? '',
    pricing: values.pricing ?? 'unknown',
    categoryIds: values.categoryIds ?? [],
    image: { key: values.imageUrl ?? '', preview: draft.imagePreview },
    logo: { key: values.logoUrl ?? '', preview: draft.logoPreview },
    content: values.content ?? '',
    metaTitle: values.metaTitle ?? '',
    metaDescription: values.metaDescription ?? '',
    keywords: values.keywords ?? [],
    author: values.author ?? '',
    useCases: values.useCases ?? [],
    facts: factsDraft(values.facts),
    // Meta title and description are filled once: a draft that has them was filled (or written) already.
    filledTitle: Boolean(values.metaTitle),
    filledDescription: Boolean(values.metaDescription),
  };
}

export interface FormTarget {
  mode: 'publish' | 'edit';
  /** Edit mode: the stored post, whose version guards against overwriting someone else's newer save. */
  post?: EditableTool | undefined;
  /** Only an admin's edit sends the address, status, flags and note to the author. */
  admin: boolean;
}

/** The body the form sends: publishInput's fields, plus in edit mode the version and the admin's block. */
export function formValues(form: FormState, { mode, post: tool, admin }: FormTarget) {
  const base = {
    title: form.title,
    description: form.description,
    url: form.url,
    pricing: form.pricing,
    categoryIds: form.categoryIds,
    imageUrl: form.image.key,
    logoUrl: form.logo.key,
    content: form.content,
    metaTitle: form.metaTitle,
    metaDescription: form.metaDescription,
    keywords: form.keywords,
    author: form.author,
    useCases: form.useCases,
    facts: factsBody(form.facts),
  };
  if (mode === 'publish') return base;
  return {
    ...base,
    version: tool!.version,
    ...(admin ? { slug: form.slug, status: form.status, isPopular: form.isPopular, isFeatured: form.isFeatured, reviewNote: form.reviewNote } : {}),
  };
}
