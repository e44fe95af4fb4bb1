import { normaliseCertificateCode } from '../../../shared/certificate-code';
import type { Database } from '../../db/client';
import { verifyCertificate } from './certificates';
import { headLanguage, localeTags, metaProperty, type HeadTags } from '../../web/head';
import type { HeadResolver } from '../../web/spa';
import { certificateTexts } from './certificate-texts';

/**
 * The head of a certificate's verification page: titled with the course, described with whom
 * it certifies, for the link previews of a shared certificate. Indexable: it is meant to be
 * shared. An unknown code is a 404.
 */
export function createCertificateHeadResolver(db: Database): HeadResolver {
  return async (page, params, request, language) => {
    if (page !== 'certificate' && page !== 'certificateEn') return null;
    const lang = headLanguage(request, language);
    const t = certificateTexts(lang);
    const certificate = params.code ? await verifyCertificate(db, normaliseCertificateCode(params.code)) : null;
    if (!certificate) return { status: 404, title: t('page.notFound') };
    const head: HeadTags = {
      title: t('page.title', { title: certificate.courseTitle }),
      description: `${t('page.awardedTo')} ${certificate.learnerName} · ${certificate.courseTitle} · ${t('page.teacher')}: ${certificate.teacherName}`,
      extra: [metaProperty('og:type', 'website'), ...localeTags(lang)],
    };
    return head;
  };
}
