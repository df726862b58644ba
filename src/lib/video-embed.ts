/**
 * Video embeds in a publication's rich text: only YouTube and Vimeo players (the hosts the site's CSP allows
 * in frame-src), always at their canonical player address. Shared by the editor (turning a pasted link into a
 * player) and the server's sanitizer (refusing every other frame).
 */

/** The player hosts an embed may point to. */
export const VIDEO_EMBED_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{3,12}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The player address for a YouTube or Vimeo link (watch page, short link, shorts, or an embed address already),
 * or null for anything else. YouTube goes through its no-cookie host.
 */
export function videoEmbedUrl(url: string): string | null {
  const parsed = parse(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') youtubeId = parsed.searchParams.get('v') ?? undefined;
    else if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live') youtubeId = segments[1];
  } else if (host === 'youtu.be') youtubeId = segments[0];
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) return `https://www.youtube-nocookie.com/embed/${youtubeId}`;

  let vimeoId: string | undefined;
  if (host === 'vimeo.com') vimeoId = segments.find((segment) => VIMEO_ID.test(segment));
  else if (host === 'player.vimeo.com' && segments[0] === 'video') vimeoId = segments[1];
  if (vimeoId && VIMEO_ID.test(vimeoId)) return `https://player.vimeo.com/video/${vimeoId}`;
  return null;
}
