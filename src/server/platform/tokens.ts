import crypto from 'node:crypto';

/** 256 random bits, URL-safe: the session cookie's value. */
export const newSessionToken = () => crypto.randomBytes(32).toString('base64url');

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const hmac = (secret: string, value: string) => crypto.createHmac('sha256', secret).update(value).digest('hex');

/** A uniformly random numeric code from the cryptographic source, zero-padded. */
export function newNumericCode(length: number): string {
  return crypto
    .randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
