import { describe, expect, it } from 'vitest';
import { publishInput } from '../../lib/tool-form.ts';
import { submissionDraftInput } from './submission-draft.ts';

describe('submissionDraftInput', () => {
  it('takes a form saved halfway that the submit would refuse', () => {
    const halfway = { title: '', description: 'Solo empezada', categoryIds: [] };
    expect(submissionDraftInput.parse(halfway)).toMatchObject(halfway);
    expect(submissionDraftInput.safeParse({}).success).toBe(true);
    expect(publishInput.safeParse(halfway).success).toBe(false);
  });

  it('keeps the submission’s types and limits, and its strictness', () => {
    expect(submissionDraftInput.safeParse({ title: 'x'.repeat(151) }).success).toBe(false);
    expect(submissionDraftInput.safeParse({ categoryIds: Array.from({ length: 11 }, () => crypto.randomUUID()) }).success).toBe(false);
    expect(submissionDraftInput.safeParse({ pricing: 'gratisimo' }).success).toBe(false);
    expect(submissionDraftInput.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(submissionDraftInput.safeParse({ status: 'published' }).success).toBe(false);
  });
});
