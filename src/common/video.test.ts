import { describe, expect, it } from 'vitest';
import { isFramedPlayer, isWebUrl, parseStartSeconds, playerEmbed, toEmbedUrl, VIDEO_URL_NOT_WEB, watchPageUrl } from './video';

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

describe('playerEmbed: the address the course screen loads', () => {
  const origin = 'http://127.0.0.1:3000';
  it('asks the YouTube player for its postMessage API, naming the page it may post to', () => {
    expect(playerEmbed(NOCOOKIE, origin)).toEqual({
      url: `${NOCOOKIE}?enablejsapi=1&origin=http%3A%2F%2F127.0.0.1%3A3000`,
      provider: 'youtube',
    });
    expect(playerEmbed(`${NOCOOKIE}?start=42`, 'https://learn.example.com/course/1')).toEqual({
      url: `${NOCOOKIE}?start=42&enablejsapi=1&origin=https%3A%2F%2Flearn.example.com`,
      provider: 'youtube',
    });
    expect(playerEmbed('https://www.youtube.com/embed/dQw4w9WgXcQ').url).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?enablejsapi=1');
  });

  it('works on every address toEmbedUrl makes, and keeps an existing enablejsapi once', () => {
    expect(playerEmbed(embed('https://youtu.be/dQw4w9WgXcQ?t=90'), origin).url).toBe(
      `${NOCOOKIE}?start=90&enablejsapi=1&origin=http%3A%2F%2F127.0.0.1%3A3000`,
    );
    expect(playerEmbed(`${NOCOOKIE}?enablejsapi=1`).url).toBe(`${NOCOOKIE}?enablejsapi=1`);
  });

  it('keeps a Vimeo player address as it is (its player always listens)', () => {
    for (const url of [
      'https://player.vimeo.com/video/76979871',
      'https://player.vimeo.com/video/76979871?h=abc123def4',
      'https://player.vimeo.com/video/76979871#t=30s',
    ]) {
      expect(playerEmbed(url, origin)).toEqual({ url, provider: 'vimeo' });
    }
  });

  it('leaves other addresses alone: no provider, nothing tracked', () => {
    for (const url of [
      'https://cdn.example.com/videos/intro.mp4',
      'https://www.youtube.com/@somechannel',
      'https://vimeo.com/about',
      'not a url',
    ]) {
      expect(playerEmbed(url, origin)).toEqual({ url, provider: null });
    }
  });
});

describe('isFramedPlayer', () => {
  it('is true only for the YouTube and Vimeo players the Content-Security-Policy lets into a frame', () => {
    expect(isFramedPlayer('https://www.youtube-nocookie.com/embed/KJgsSFOSQv0')).toBe(true);
    expect(isFramedPlayer('https://player.vimeo.com/video/76979871')).toBe(true);
    for (const url of [
      'https://cdn.example.com/intro.mp4',
      'https://example.com/watch',
      'http://www.youtube-nocookie.com/embed/x',
      '/api/files/1',
      'nope',
    ]) {
      expect(isFramedPlayer(url), url).toBe(false);
    }
  });
});

describe('watchPageUrl', () => {
  it("turns an embed address back into the video's own page, start and unlisted hash kept", () => {
    expect(watchPageUrl('https://www.youtube-nocookie.com/embed/KJgsSFOSQv0?start=90')).toBe(
      'https://www.youtube.com/watch?v=KJgsSFOSQv0&t=90s',
    );
    expect(watchPageUrl('https://www.youtube-nocookie.com/embed/KJgsSFOSQv0')).toBe('https://www.youtube.com/watch?v=KJgsSFOSQv0');
    expect(watchPageUrl('https://player.vimeo.com/video/76979871?h=abc123')).toBe('https://vimeo.com/76979871/abc123');
    expect(watchPageUrl('https://player.vimeo.com/video/76979871#t=30s')).toBe('https://vimeo.com/76979871');
    for (const url of ['https://cdn.example.com/intro.mp4', 'https://www.youtube-nocookie.com/embed/bad', 'nope']) {
      expect(watchPageUrl(url), url).toBe(url);
    }
  });
});
