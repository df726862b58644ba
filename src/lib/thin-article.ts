/**
 * When a tool page is "thin": its article is still the seed's generated template, or its plain text is
 * too short to be worth a search result. A thin page is served with noindex and left out of the sitemap and feed
 * (Google's spam policy on pages generated at scale with little value) until someone writes a real article.
 */

/**
 * Fewest characters of plain text in an indexable article. Measured on the seed catalogue: the 836 generated
 * templates have 301-542 characters (median 428) before their alternatives list, the 170 hand-written articles
 * 1,511-2,312 (median 1,791); 1,000 sits well clear of both, about 170 words of real writing.
 */
export const MIN_ARTICLE_TEXT = 1_000;

export interface ArticleQuality {
  /** The article is still what the seed generated from the facts (posts.article_is_template). */
  articleIsTemplate: boolean;
  /** Characters of the article's plain text, tags removed and spaces collapsed (posts.article_text_length). */
  articleTextLength: number;
}

export function isThinArticle(article: ArticleQuality): boolean {
  return article.articleIsTemplate || article.articleTextLength < MIN_ARTICLE_TEXT;
}
