import { fullNameOf } from '../auth';
import { sql } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { CertificateMessages, type CertificateResponse, type CertificateVerifyResponse } from '../../../common/certificates';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { isUuid } from '../../platform/http/ids';

type CertRow = {
  id: string;
  first_name: string;
  last_name: string;
  title: string;
  issued_at: Date | string;
  revoked_at: Date | string | null;
  revocation_reason: string | null;
};
type Certificate = {
  id: string;
  studentName: string;
  courseTitle: string;
  issuedAt: Date;
  revokedAt: Date | null;
  revocationReason: string | null;
};

const toCertificate = (r: CertRow): Certificate => ({
  id: r.id,
  studentName: fullNameOf({ firstName: r.first_name, lastName: r.last_name }),
  courseTitle: r.title,
  issuedAt: new Date(r.issued_at),
  revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
  revocationReason: r.revocation_reason,
});

/** What the public check answers. The enrollment and the account's approval play no part (docs/decisions/016). */
const verification = (cert: Certificate): CertificateVerifyResponse => ({
  valid: cert.revokedAt === null,
  status: cert.revokedAt === null ? 'valid' : 'revoked',
  studentName: cert.studentName,
  courseTitle: cert.courseTitle,
  issuedAt: cert.issuedAt.toISOString(),
  revokedAt: cert.revokedAt?.toISOString() ?? null,
  revocationReason: cert.revocationReason,
});

/** The standard font only encodes WinAnsi; anything else is shown as '?' rather than failing. */
function encodable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')].map((ch) => (set.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function createCertificatesService({ db, appUrl, appName, now }: { db: Db; appUrl: string; appName: string; now: () => Date }) {
  const verifyUrl = (id: string) => `${appUrl}/certificates/${id}`;

  async function find(where: ReturnType<typeof sql>): Promise<Certificate | null> {
    const { rows } = await db.execute<CertRow>(sql`
      select ce.id, u.first_name, u.last_name, c.title, ce.issued_at, ce.revoked_at, ce.revocation_reason
      from certificates ce
      join users u on u.id = ce.student_id
      join courses c on c.id = ce.course_id
      where ${where}`);
    return rows[0] ? toCertificate(rows[0]) : null;
  }

  /** The student's own certificate: a revoked one is no longer handed out (its link still tells why). */
  async function own(studentId: string, courseId: string): Promise<Certificate> {
    const cert = isUuid(courseId) ? await find(sql`ce.student_id = ${studentId} and ce.course_id = ${courseId}`) : null;
    if (!cert) throw notFound(CertificateMessages.notFound);
    if (cert.revokedAt) throw notFound(CertificateMessages.revoked);
    return cert;
  }

  /** A one-page certificate; the same certificate always gives the same bytes. */
  async function renderPdf(cert: Certificate): Promise<Uint8Array> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const title = `Certificate of Completion - ${cert.studentName} - ${cert.courseTitle}`;
    doc.setTitle(title);
    doc.setSubject(`${cert.studentName} completed ${cert.courseTitle} on ${longDate(cert.issuedAt)}. Verify at ${verifyUrl(cert.id)}`);
    doc.setAuthor(appName);
    doc.setCreator(appName);
    doc.setProducer(appName);
    doc.setKeywords([cert.id]);
    doc.setCreationDate(cert.issuedAt);
    doc.setModificationDate(cert.issuedAt);

    const page = doc.addPage([842, 595]); // A4 landscape
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const { width } = page.getSize();
    const center = (text: string, y: number, size: number, font: PDFFont, color = rgb(0.1, 0.1, 0.15)) => {
      const t = encodable(font, text);
      page.drawText(t, { x: (width - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color });
    };
    page.drawRectangle({ x: 24, y: 24, width: width - 48, height: 595 - 48, borderColor: rgb(0.2, 0.35, 0.7), borderWidth: 3 });
    center('Certificate of Completion', 470, 36, bold, rgb(0.2, 0.35, 0.7));
    center('This certifies that', 410, 16, regular);
    center(cert.studentName, 360, 32, bold);
    center('has successfully completed the course', 315, 16, regular);
    center(cert.courseTitle, 270, 24, bold);
    center(`Completed on ${longDate(cert.issuedAt)}`, 220, 14, regular);
    center(`Certificate ID: ${cert.id}`, 110, 10, regular, rgb(0.35, 0.35, 0.4));
    center(`Verify at ${verifyUrl(cert.id)}`, 92, 10, regular, rgb(0.35, 0.35, 0.4));
    center(appName, 60, 12, bold, rgb(0.35, 0.35, 0.4));
    return doc.save({ useObjectStreams: false });
  }

  return {
    async mine(studentId: string, courseId: string): Promise<CertificateResponse> {
      const cert = await own(studentId, courseId);
      return { ...cert, issuedAt: cert.issuedAt.toISOString(), verifyUrl: verifyUrl(cert.id) };
    },

    async pdf(studentId: string, courseId: string) {
      const cert = await own(studentId, courseId);
      return { bytes: await renderPdf(cert), id: cert.id };
    },

    /** The public check: name, course and date, and whether it still stands. */
    async verify(id: string): Promise<CertificateVerifyResponse> {
      const cert = isUuid(id) ? await find(sql`ce.id = ${id}`) : null;
      if (!cert) throw notFound(CertificateMessages.notFound);
      return verification(cert);
    },

    /**
     * The admin revokes a certificate (a reason) or reinstates it (null). Revoking again replaces
     * the reason and keeps the first date; the answer is what the public check now shows.
     */
    async setRevocation(id: string, reason: string | null): Promise<CertificateVerifyResponse> {
      if (!isUuid(id)) throw notFound(CertificateMessages.notFound);
      const at = reason === null ? null : now().toISOString();
      const { rows } = await db.execute<{ id: string }>(sql`
        update certificates
        set revoked_at = case when ${at}::timestamptz is null then null else coalesce(revoked_at, ${at}::timestamptz) end,
            revocation_reason = ${reason}
        where id = ${id}
        returning id`);
      if (!rows[0]) throw notFound(CertificateMessages.notFound);
      return verification((await find(sql`ce.id = ${id}`))!);
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
