import { describe, expect, it } from 'vitest';
import { editInput, factsInput, publishInput, type EditableTool } from '../../lib/tool-form.ts';
import { draftState, formValues, initialState } from './publish-form-state.ts';
import { submissionDraftInput } from './submission-draft.ts';

const tool: EditableTool = {
  id: '3f0c1a52-7a51-4b8e-9a52-0f5a3c2d1e00',
  slug: 'redacta-pro',
  status: 'rejected',
  title: 'Redacta Pro',
  description: 'Escribe, resume y traduce textos largos en español con plantillas para cada tipo de documento.',
  url: 'https://redacta.example/',
  pricing: 'freemium',
  categoryIds: ['0b6f1d2e-3c4a-4d5e-8f70-8192a3b4c5d6'],
  imageUrl: 'uploads/portada.jpg',
  logoUrl: '',
  imagePreview: '/media/uploads/portada.jpg',
  logoPreview: null,
  content: '<p>Plantillas y resúmenes.</p>',
  metaTitle: 'Redacta Pro: escribe mejor',
  metaDescription: '',
  keywords: ['redacción'],
  author: 'Autora',
  useCases: ['escribir-textos'],
  facts: factsInput.parse({ spanishInterface: 'yes', priceFrom: { amount: 9.99, currency: 'EUR', period: 'month' } }),
  factsCheckedAt: null,
  isPopular: false,
  isFeatured: true,
  reviewNote: 'Falta la web oficial.',
  version: '2026-11-20T10:00:00.000Z',
};

describe('the publication form’s state', () => {
  it('starts a new form empty and unfilled, and sends only the submission’s fields', () => {
    const form = initialState(undefined);
    expect(form).toMatchObject({ title: '', pricing: 'unknown', status: 'pending', filledTitle: false, filledDescription: false });
    const values = formValues(form, { mode: 'publish', admin: false });
    expect(Object.keys(values).sort()).toEqual(Object.keys(publishInput.shape).sort());
    expect(values).toMatchObject({ imageUrl: '', logoUrl: '', keywords: [] });
  });

  it('sends a stored post back as it was, with its version, and the admin block only from an admin', () => {
    const form = initialState(tool);
    expect(form).toMatchObject({ filledTitle: true, filledDescription: true, image: { key: tool.imageUrl, preview: tool.imagePreview } });

    const author = formValues(form, { mode: 'edit', post: tool, admin: false });
    expect(author).toMatchObject({ title: tool.title, imageUrl: tool.imageUrl, version: tool.version });
    expect(author).not.toHaveProperty('slug');
    expect(editInput.parse(author).facts).toEqual(tool.facts);

    const admin = formValues(form, { mode: 'edit', post: tool, admin: true });
    expect(admin).toMatchObject({ slug: 'redacta-pro', status: 'rejected', isPopular: false, isFeatured: true, reviewNote: tool.reviewNote });
    expect(editInput.safeParse(admin).success).toBe(true);
  });

  it('resumes a draft with what it saved, the rest empty, and the meta fields filled only if it had them', () => {
    const saved = submissionDraftInput.parse({ title: 'Redacta Pro', metaTitle: 'Redacta Pro', url: 'https://redacta.example/' });
    const form = draftState({ id: 'borrador', values: saved, imagePreview: null, logoPreview: '/media/logo.png', updatedAt: tool.version });
    expect(form).toMatchObject({ title: 'Redacta Pro', description: '', url: 'https://redacta.example/', filledTitle: true, filledDescription: false });
    expect(form.logo).toEqual({ key: '', preview: '/media/logo.png' });

    // A whole form saved as a draft comes back sending exactly what it sent.
    const whole = formValues(initialState(tool), { mode: 'publish', admin: false });
    const resumed = draftState({ id: 'borrador', values: submissionDraftInput.parse(whole), imagePreview: null, logoPreview: null, updatedAt: tool.version });
    expect(publishInput.parse(formValues(resumed, { mode: 'publish', admin: false }))).toEqual(publishInput.parse(whole));
  });
});
