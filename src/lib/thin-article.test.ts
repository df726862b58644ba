import { describe, expect, it } from 'vitest';
import { isThinArticle, MIN_ARTICLE_TEXT } from './thin-article.ts';

describe('isThinArticle', () => {
  it('calls the seed template thin however long it is', () => {
    expect(isThinArticle({ articleIsTemplate: true, articleTextLength: 5_000 })).toBe(true);
  });

  it('calls a written article thin while its text is shorter than the threshold', () => {
    expect(isThinArticle({ articleIsTemplate: false, articleTextLength: 0 })).toBe(true);
    expect(isThinArticle({ articleIsTemplate: false, articleTextLength: MIN_ARTICLE_TEXT - 1 })).toBe(true);
  });

  it('lets a written article of the threshold length or more be indexed', () => {
    expect(isThinArticle({ articleIsTemplate: false, articleTextLength: MIN_ARTICLE_TEXT })).toBe(false);
    expect(isThinArticle({ articleIsTemplate: false, articleTextLength: 1_800 })).toBe(false);
  });
});
