import { describe, expect, it } from 'vitest';
import { isWebUrl, parseStartSeconds, toEmbedUrl, VIDEO_URL_NOT_WEB } from './video';

const embed = (input: string) => {
  const r = toEmbedUrl(input);
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r.url;
};
const NOCOOKIE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('toEmbedUrl: YouTube', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'http://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abcdef',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ',
    '  https://youtu.be/dQw4w9WgXcQ  ',
  ])('%s → the privacy-enhanced embed address', (input) => {
    expect(embed(input)).toBe(NOCOOKIE);
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90', 90],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s', 90],
    ['https://youtu.be/dQw4w9WgXcQ?t=1m30s', 90],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s', 3723],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=42', 42],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=15', 15],
  ])('%s keeps its start time as ?start=%i', (input, seconds) => {
    expect(embed(input)).toBe(`${NOCOOKIE}?start=${seconds}`);
  });

  it('drops a zero or unreadable start time', () => {
    expect(embed('https://youtu.be/dQw4w9WgXcQ?t=0')).toBe(NOCOOKIE);
    expect(embed('https://youtu.be/dQw4w9WgXcQ?t=soon')).toBe(NOCOOKIE);
  });

  it('refuses a YouTube video link whose id is malformed', () => {
    const r = toEmbedUrl('https://www.youtube.com/watch?v=short');
    expect(r).toEqual({ ok: false, message: 'This YouTube link does not contain a valid video id.' });
  });

  it('keeps a YouTube page that is not a video (a channel) as it is', () => {
    expect(embed('https://www.youtube.com/@somechannel')).toBe('https://www.youtube.com/@somechannel');
  });
});

describe('toEmbedUrl: Vimeo', () => {
  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/groups/name/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/abc123def4', 'https://player.vimeo.com/video/76979871?h=abc123def4'],
    ['https://player.vimeo.com/video/76979871?h=abc123def4', 'https://player.vimeo.com/video/76979871?h=abc123def4'],
    ['https://vimeo.com/76979871#t=30s', 'https://player.vimeo.com/video/76979871#t=30s'],
  ])('%s → %s', (input, expected) => {
    expect(embed(input)).toBe(expected);
  });
});

describe('toEmbedUrl: other addresses', () => {
  it('keeps any other http(s) address as it is', () => {
    expect(embed('https://cdn.example.com/videos/intro.mp4')).toBe('https://cdn.example.com/videos/intro.mp4');
    expect(embed('http://intranet.example/video')).toBe('http://intranet.example/video');
    expect(embed('https://vimeo.com/about')).toBe('https://vimeo.com/about');
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/v.mp4', 'data:text/html,hi', 'youtube.com/watch?v=dQw4w9WgXcQ', 'not a url', ''])(
    'refuses %j with a clear message',
    (input) => {
      expect(toEmbedUrl(input)).toEqual({ ok: false, message: VIDEO_URL_NOT_WEB });
    },
  );

  it('refuses an address longer than 2048 characters', () => {
    const r = toEmbedUrl(`https://example.com/${'a'.repeat(2100)}`);
    expect(r.ok).toBe(false);
  });
});

describe('helpers', () => {
  it('parseStartSeconds reads plain seconds and h/m/s forms', () => {
    expect(parseStartSeconds('75')).toBe(75);
    expect(parseStartSeconds('2m')).toBe(120);
    expect(parseStartSeconds('1h')).toBe(3600);
    expect(parseStartSeconds('')).toBeUndefined();
    expect(parseStartSeconds('abc')).toBeUndefined();
  });
  it('isWebUrl accepts only absolute http(s) addresses', () => {
    expect(isWebUrl('https://a.b/c')).toBe(true);
    expect(isWebUrl('mailto:a@b.c')).toBe(false);
    expect(isWebUrl('/relative')).toBe(false);
  });
});
