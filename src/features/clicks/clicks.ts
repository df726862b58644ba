/** 'Visitar' clicks out to a tool's site ('Más Usadas'), counted apart from page views. No zod: the script loads on every page. */

export const CLICKS_ENDPOINT = '/api/clicks';

/** The attribute that marks a link out to a tool's own site; its value is the tool's id. */
export const CLICK_ATTRIBUTE = 'data-click-tool';

/** What POST /api/clicks answers: whether this request added a click, and the tool's count after it. */
export interface CountClickResult {
  counted: boolean;
  clicks: number;
}
