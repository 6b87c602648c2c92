import { describe, expect, it } from 'vitest';
import { jpegBytes, pngBytes, wavBytes, webmBytes, webpBytes } from '@test-support/fake-media';
import { sniffAudio, sniffImage } from './sniff';

describe('sniffing media by their bytes', () => {
  it('knows PNG, JPEG and WebP images, and nothing else', () => {
    expect(sniffImage(pngBytes())).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(sniffImage(jpegBytes())).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(sniffImage(webpBytes())).toEqual({ contentType: 'image/webp', extension: 'webp' });
    for (const other of ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'GIF89a......', '%PDF-1.4 ...', '<html></html>', '']) {
      expect(sniffImage(Buffer.from(other))).toBeNull();
    }
    expect(sniffImage(wavBytes())).toBeNull();
  });

  it('knows the audio formats browsers record and providers speak', () => {
    expect(sniffAudio(webmBytes())?.extension).toBe('webm');
    expect(sniffAudio(wavBytes())?.extension).toBe('wav');
    expect(sniffAudio(Buffer.from('OggS\0\x02............'))?.extension).toBe('ogg');
    expect(sniffAudio(Buffer.from('\0\0\0\x20ftypM4A ........'))?.extension).toBe('m4a');
    expect(sniffAudio(Buffer.from('ID3\x04\0\0\0\0\0\0......'))?.extension).toBe('mp3');
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]))?.extension).toBe('mp3');
    expect(sniffAudio(pngBytes())).toBeNull();
    expect(sniffAudio(Buffer.from('%PDF-1.4 not audio at all'))).toBeNull();
    expect(sniffAudio(Buffer.alloc(4))).toBeNull();
  });
});
