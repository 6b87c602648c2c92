/**
 * Video links → embeddable addresses: links from a video-sharing site are converted to embed form.
 * Pure, so the editor can preview exactly what the server will store.
 *
 * - YouTube (watch?v=, youtu.be/, shorts/, embed/, live/, v/; www, m, music and nocookie hosts)
 *   → https://www.youtube-nocookie.com/embed/ID, a start time (t= or start=, as 90, 90s or 1h2m3s)
 *   kept as ?start=SECONDS.
 * - Vimeo (vimeo.com/ID, /ID/HASH, channels/.../ID, groups/.../videos/ID, player.vimeo.com/video/ID)
 *   → https://player.vimeo.com/video/ID (an unlisted video's hash kept as ?h=HASH, a #t= kept).
 * - Any other http(s) address is kept as it is; anything else is refused.
 */

export const VIDEO_URL_MAX = 2048;
export const VIDEO_URL_NOT_WEB = 'The video URL must be a web address starting with http:// or https://';
export const VIDEO_URL_TOO_LONG = `The video URL must be at most ${VIDEO_URL_MAX} characters.`;

export type EmbedResult = { ok: true; url: string } | { ok: false; message: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTU_BE_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** "90", "90s", "1m30s", "1h2m3s" → seconds; anything else → undefined. */
export function parseStartSeconds(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (/^\d+$/.test(v)) return Number(v);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(v);
  if (!m || (!m[1] && !m[2] && !m[3])) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (YOUTU_BE_HOSTS.has(host)) return segments[0];
  if (!YOUTUBE_HOSTS.has(host)) return undefined;
  if (segments[0] === 'watch') return url.searchParams.get('v') ?? undefined;
  if (segments[0] && ['shorts', 'embed', 'live', 'v'].includes(segments[0])) return segments[1];
  return undefined;
}

function youtubeStart(url: URL): number | undefined {
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  return (
    parseStartSeconds(url.searchParams.get('start')) ?? parseStartSeconds(url.searchParams.get('t')) ?? parseStartSeconds(hash.get('t'))
  );
}

function vimeoEmbed(url: URL): string | undefined {
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const idIndex = segments.findIndex((s) => /^\d+$/.test(s));
  if (idIndex < 0) return undefined;
  const id = segments[idIndex]!;
  const next = segments[idIndex + 1];
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]{6,}$/i.test(next) ? next : undefined);
  const time = new URLSearchParams(url.hash.replace(/^#/, '')).get('t');
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${encodeURIComponent(hash)}` : ''}${time && parseStartSeconds(time) !== undefined ? `#t=${time}` : ''}`;
}

/** True for an absolute http:// or https:// address. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

export function toEmbedUrl(input: string): EmbedResult {
  const value = input.trim();
  if (value.length > VIDEO_URL_MAX) return { ok: false, message: VIDEO_URL_TOO_LONG };
  if (!isWebUrl(value)) return { ok: false, message: VIDEO_URL_NOT_WEB };
  const url = new URL(value);

  const id = youtubeId(url);
  if (id !== undefined) {
    if (!YOUTUBE_ID.test(id)) return { ok: false, message: 'This YouTube link does not contain a valid video id.' };
    const start = youtubeStart(url);
    return { ok: true, url: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}` };
  }
  const vimeo = vimeoEmbed(url);
  if (vimeo) return { ok: true, url: vimeo };
  return { ok: true, url: value };
}

export type VideoProvider = 'youtube' | 'vimeo';
export type PlayerEmbed = { url: string; provider: VideoProvider | null };

/**
 * A stored embed address as the course screen loads it, so the player reports playback through
 * postMessage (no third-party script): YouTube only answers with `enablejsapi=1` (and `origin`,
 * the page it may post to); Vimeo's player always listens. Any other address: no provider, unchanged.
 */
export function playerEmbed(embedUrl: string, pageOrigin?: string): PlayerEmbed {
  if (!isWebUrl(embedUrl)) return { url: embedUrl, provider: null };
  const url = new URL(embedUrl);
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host) && url.pathname.startsWith('/embed/')) {
    url.searchParams.set('enablejsapi', '1');
    if (pageOrigin && isWebUrl(pageOrigin)) url.searchParams.set('origin', new URL(pageOrigin).origin);
    return { url: url.toString(), provider: 'youtube' };
  }
  if (host === 'player.vimeo.com' && url.pathname.startsWith('/video/')) return { url: embedUrl, provider: 'vimeo' };
  return { url: embedUrl, provider: null };
}

/**
 * The video's own page on its site, for a student whose page cannot show the player (a video that
 * may not be embedded opens there): a YouTube or Vimeo embed address becomes its watch page, any
 * other address stays as it is.
 */
export function watchPageUrl(embedUrl: string): string {
  if (!isWebUrl(embedUrl)) return embedUrl;
  const url = new URL(embedUrl);
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (YOUTUBE_HOSTS.has(host) && segments[0] === 'embed' && segments[1] && YOUTUBE_ID.test(segments[1])) {
    const start = url.searchParams.get('start');
    return `https://www.youtube.com/watch?v=${segments[1]}${start && /^\d+$/.test(start) ? `&t=${start}s` : ''}`;
  }
  if (host === 'player.vimeo.com' && segments[0] === 'video' && segments[1] && /^\d+$/.test(segments[1])) {
    const hash = url.searchParams.get('h');
    return `https://vimeo.com/${segments[1]}${hash && /^[0-9a-f]+$/i.test(hash) ? `/${hash}` : ''}`;
  }
  return embedUrl;
}

/** Where a provider's player posts its messages from. */
export const PLAYER_ORIGINS: Record<VideoProvider, readonly string[]> = {
  youtube: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://youtube.com', 'https://youtube-nocookie.com'],
  vimeo: ['https://player.vimeo.com'],
};

/** The only sites the app lets into a frame (the Content-Security-Policy's frame-src): the video players. */
export const VIDEO_FRAME_ORIGINS: readonly string[] = [...PLAYER_ORIGINS.youtube, ...PLAYER_ORIGINS.vimeo];

/** True when the address is a video player the page may show in a frame. */
export const isFramedPlayer = (url: string) => isWebUrl(url) && VIDEO_FRAME_ORIGINS.includes(new URL(url).origin);
