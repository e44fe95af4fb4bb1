import { z } from 'zod';
import { certificateCodePattern, normaliseCertificateCode } from '../certificate-code';
import { languages } from '../languages';

export const certificateCodeSchema = z
  .string()
  .max(20)
  .transform(normaliseCertificateCode)
  .pipe(z.string().regex(certificateCodePattern))
  .describe('A certificate code: XXXX-XXXX-XXXX in Crockford base32');

export const certificateStates = ['valid', 'revoked'] as const;
export type CertificateState = (typeof certificateStates)[number];

/** One of my certificates, as issued (what it certifies is frozen at issue) and whether it still stands. */
export const certificateSchema = z
  .object({
    code: z.string(),
    courseId: z.number().int(),
    courseTitle: z.string(),
    learnerName: z.string(),
    teacherName: z.string(),
    /** The language of its PDF: the learner's at issue. */
    language: z.enum(languages),
    issuedAt: z.iso.datetime({ offset: true }),
    state: z.enum(certificateStates),
    /** Set when a refund revoked it. */
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    /** What the server saw at issue: the lessons done, and the seconds of video it saw played (null on certificates issued before it was recorded). */
    lessonsCompleted: z.number().int().nullable(),
    videoSecondsWatched: z.number().int().nullable(),
  })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof certificateSchema>;

export const myCertificatesResponse = z.object({ items: z.array(certificateSchema) }).meta({ id: 'MyCertificates' });

/** What anyone holding a certificate's code may read: what it certifies and whether it still stands; nothing else of the learner. */
export const certificateVerificationSchema = z
  .object({
    code: z.string(),
    learnerName: z.string(),
    courseId: z.number().int(),
    courseTitle: z.string(),
    teacherName: z.string(),
    issuedAt: z.iso.datetime({ offset: true }),
    state: z.enum(certificateStates),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    /** What the server saw at issue: the lessons done, and the seconds of video it saw played (null on certificates issued before it was recorded). */
    lessonsCompleted: z.number().int().nullable(),
    videoSecondsWatched: z.number().int().nullable(),
  })
  .meta({ id: 'CertificateVerification' });
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
