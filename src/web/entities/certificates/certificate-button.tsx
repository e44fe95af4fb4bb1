import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/endpoints/endpoint';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import type { Language } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/error-message';
import { useIssueMyCertificate } from './issue-certificate';

/** A certificate's public page in the reader's language's words: /certificado/… or /certificate/…. */
export const certificatePagePath = (code: string, language: string) => ((language as Language) === 'en' ? paths.certificateEn(code) : paths.certificate(code));

/**
 * "Obtener certificado" for a course I completed: issues my certificate (or answers the one I
 * have), then offers its PDF and its verification page.
 */
export function CertificateButton({ courseId, title, size = 'xs' }: { courseId: number; title: string; size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('certificates');
  const issue = useIssueMyCertificate();
  const certificate = issue.data;

  if (certificate) {
    return (
      <Group gap="sm">
        <Button component="a" href={pathFor(endpoints.getCertificatePdf, { code: certificate.code })} download size={size} variant="light" aria-label={`${t('button.download')}: ${title}`}>
          {t('button.download')}
        </Button>
        <Anchor component={Link} to={certificatePagePath(certificate.code, i18n.language)} size="sm">
          {t('button.verify')}
        </Anchor>
      </Group>
    );
  }
  return (
    <Button
      size={size}
      variant="light"
      loading={issue.isPending}
      aria-label={`${t('button.get')}: ${title}`}
      style={{ alignSelf: 'flex-start' }}
      onClick={() =>
        issue.mutate(courseId, {
          onSuccess: () => toast.success(t('button.issued')),
          onError: (error) => toast.error(errorMessage(error, i18n)),
        })
      }
    >
      {t('button.get')}
    </Button>
  );
}
