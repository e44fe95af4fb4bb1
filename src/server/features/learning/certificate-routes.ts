import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { certificatesEndpoints } from '../../../shared/endpoints/learning';
import type { Language } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { signedInUser } from '../../auth/access';
import { courses } from '../../db/schema';
import { certificateShortfall, findCertificate, issueCertificateIfComplete, listCertificates, verifyCertificate } from './certificates';
import { isEnrolled } from '../orders';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { renderCertificatePdf } from './certificate-pdf';
import { certificateTexts } from './certificate-texts';

/** The verification page's address in the certificate's language: what its PDF prints and LinkedIn links to. */
export const verificationPath = (code: string, language: Language) => (language === 'en' ? paths.certificateEn(code) : paths.certificate(code));

/** A file name's part from a course title: plain ASCII letters and digits (any header accepts it), cut short. */
const fileNamePart = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '') || 'curso';

const notFound = () => new AppError('CERTIFICATE_NOT_FOUND', 'No such certificate');

/** Certificates of completion: the learner's own (list, issue, PDF) and the public check of a code. */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, certificatesEndpoints.getMyCertificates, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { items: await listCertificates(app.db, signedInUser(request).id) };
  });

  route(app, certificatesEndpoints.issueMyCertificate, async (request) => {
    const user = signedInUser(request);
    const { courseId } = request.params;
    const [course] = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    if (!(await isEnrolled(app.db, user.id, courseId))) throw new AppError('NOT_ENROLLED', 'You do not hold this course');
    const certificate = await issueCertificateIfComplete(app.db, { userId: user.id, courseId });
    if (!certificate) {
      if ((await certificateShortfall(app.db, { userId: user.id, courseId })) === 'rules')
        throw new AppError('CERTIFICATE_REQUIREMENTS_NOT_MET', "The course's certificate rules are not met yet");
      throw new AppError('COURSE_NOT_COMPLETE', 'Some lessons of the course are not done yet');
    }
    return certificate;
  });

  route(app, certificatesEndpoints.getCertificatePdf, async (request, reply) => {
    const user = signedInUser(request);
    const certificate = await findCertificate(app.db, request.params.code);
    // Someone else's certificate is as unknown as a code nobody holds; a revoked one is no longer printed.
    if (!certificate || (certificate.userId !== user.id && !user.isAdmin) || certificate.state === 'revoked') throw notFound();
    const pdf = await renderCertificatePdf(certificate, `${app.config.publicUrl}${verificationPath(certificate.code, certificate.language)}`);
    const fileName = `${certificateTexts(certificate.language)('pdf.fileName')}-${fileNamePart(certificate.courseTitle)}.pdf`;
    // Personal data: never kept by a shared cache.
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(pdf);
  });

  route(app, certificatesEndpoints.verifyCertificate, async (request, reply) => {
    const verification = await verifyCertificate(app.db, request.params.code);
    if (!verification) throw notFound();
    // A refund may revoke it at any moment: whoever checks must see that.
    reply.header('cache-control', 'no-cache');
    return verification;
  });
};
