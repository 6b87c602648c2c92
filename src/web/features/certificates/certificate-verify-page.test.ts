import type { CertificateVerifyResponse } from '@common/certificates';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CertificateResult } from './certificate-verify-page';

const valid: CertificateVerifyResponse = {
  valid: true,
  status: 'valid',
  studentName: 'Ada Byron',
  courseTitle: 'C Programming Basics',
  issuedAt: '2026-03-10T12:00:00.000Z',
  revokedAt: null,
  revocationReason: null,
};
const render = (cert: CertificateVerifyResponse) => renderToStaticMarkup(createElement(CertificateResult, { cert }));
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('the certificate verification result', () => {
  it('says a valid certificate is valid, in words, above the three facts', () => {
    const html = render(valid);
    expect(html).toMatch(/<h1[^>]*>Certificate verified<\/h1>/);
    expect(text(html)).toContain('Status: Valid');
    expect([...html.matchAll(/<dt[^>]*>([^<]*)<\/dt>/g)].map((m) => m[1])).toEqual(['Awarded to', 'Course', 'Completed on']);
    expect(html).toContain('<time dateTime="2026-03-10T12:00:00.000Z">March 10, 2026</time>');
  });

  it('says a revoked certificate is revoked, when and why', () => {
    const html = render({
      ...valid,
      valid: false,
      status: 'revoked',
      revokedAt: '2026-04-02T09:00:00.000Z',
      revocationReason: 'Issued in error.',
    });
    expect(html).toMatch(/<h1[^>]*>Certificate revoked<\/h1>/);
    expect(html).not.toContain('Certificate verified');
    expect(html).not.toContain('Status: Valid');
    expect(text(html)).toContain('Status: Revoked on April 2, 2026. Reason: Issued in error.');
    expect(text(html)).toContain('no longer certifies');
    expect(html).toContain('<time dateTime="2026-04-02T09:00:00.000Z">');
    // The facts stay, so the reader knows which certificate was revoked.
    expect(text(html)).toContain('Ada Byron');
  });
});
