/**
 * What a file is, judged by its first bytes (its name and declared type prove nothing): the image
 * formats a thumbnail may have and the audio formats a recording or a voice may come in.
 */

export type Sniffed = { contentType: string; extension: string };

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
const ascii = (data: Buffer, text: string, offset = 0) => startsWith(data, [...Buffer.from(text, 'latin1')], offset);

/** PNG, JPEG or WebP; null for anything else (SVG, GIF, HTML...). */
export function sniffImage(data: Buffer): Sniffed | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && data.length > 24)
    return { contentType: 'image/png', extension: 'png' };
  if (startsWith(data, [0xff, 0xd8, 0xff]) && data.length > 4) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8) && data.length > 16) return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

/** WebM (what Chrome and Firefox record), Ogg, MP4/M4A (Safari), WAV, MP3 or FLAC; null for anything else. */
export function sniffAudio(data: Buffer): Sniffed | null {
  if (data.length < 12) return null;
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return { contentType: 'audio/webm', extension: 'webm' };
  if (ascii(data, 'OggS')) return { contentType: 'audio/ogg', extension: 'ogg' };
  if (ascii(data, 'ftyp', 4)) return { contentType: 'audio/mp4', extension: 'm4a' };
  if (ascii(data, 'RIFF') && ascii(data, 'WAVE', 8)) return { contentType: 'audio/wav', extension: 'wav' };
  if (ascii(data, 'fLaC')) return { contentType: 'audio/flac', extension: 'flac' };
  if (ascii(data, 'ID3') || (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0)) return { contentType: 'audio/mpeg', extension: 'mp3' };
  return null;
}
