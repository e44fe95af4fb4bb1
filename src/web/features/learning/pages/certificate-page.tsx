import { Alert, Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatWatchedDuration } from '../../../../shared/certificate-code';
import { localeOf } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import type { CertificateVerification } from '../../../../shared/schemas/certificates';
import { CircleCheckIcon, CircleXIcon } from '../../../components/icons';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { certificatePagePath } from '../../../entities/certificates/certificate-button';
import { useCertificateVerification } from '../../../entities/certificates/get-certificate-verification';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { dateTimeFormat } from '../../../lib/intl-formats';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * LinkedIn's "add a certification" form, filled in: the course, the site, when it was issued,
 * this page and the code.
 */
export function linkedInUrl(certificate: Pick<CertificateVerification, 'courseTitle' | 'issuedAt' | 'code'>, organizationName: string, pageUrl: string): string {
  const issuedAt = new Date(certificate.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName,
    issueYear: String(issuedAt.getUTCFullYear()),
    issueMonth: String(issuedAt.getUTCMonth() + 1),
    certUrl: pageUrl,
    certId: certificate.code,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

/**
 * /certificado/:code and /certificate/:code — the public check of a certificate, drawn on the
 * server and meant to be shared: valid or revoked (and when), whom it was issued to, the course
 * (a link to its page), the teacher, what was completed (lessons, video, the quizzes with their
 * scores, the assignments, the final score), the date and the code, and "Add to LinkedIn". An unknown
 * code is the not-found page.
 */
export function CertificatePage() {
  const { t, i18n } = useTranslation('certificates');
  const { t: tc } = useTranslation();
  const { code = '' } = useParams();
  const verification = useCertificateVerification(code);
  // The page's absolute address is the browser's to know: the LinkedIn link appears once the page is live.
  const hydrated = useHydrated();

  if (verification.isPending) {
    return (
      <Center py={96} role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>{tc('loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (verification.isError) {
    if (isApiError(verification.error) && [404, 400].includes(verification.error.status)) return <NotFound title={t('page.notFound')} text={errorMessage(verification.error, i18n)} />;
    throw verification.error;
  }

  const certificate = verification.data;
  const date = (iso: string) => dateTimeFormat(localeOf(i18n.language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const percent = (value: number) => new Intl.NumberFormat(localeOf(i18n.language), { style: 'percent' }).format(value / 100);
  const valid = certificate.state === 'valid';
  const facts: [string, React.ReactNode][] = [
    [t('page.course'), <Anchor component={Link} to={paths.course(certificate.courseId)}>{certificate.courseTitle}</Anchor>],
    [t('page.teacher'), certificate.teacherName],
    // What the server saw at issue; older certificates state nothing of it.
    ...(certificate.lessonsCompleted !== null && certificate.videoSecondsWatched !== null
      ? [[t('page.evidence'), t('page.evidenceText', { count: certificate.lessonsCompleted, duration: formatWatchedDuration(certificate.videoSecondsWatched) })] as [string, React.ReactNode]]
      : []),
    // What the course's rules required, as met at issue; certificates issued before rules existed state nothing of it.
    ...(certificate.achievements?.quizzes.length
      ? [[t('page.quizzes'), certificate.achievements.quizzes.map((quiz) => `${quiz.title} (${percent(quiz.percent)})`).join(', ')] as [string, React.ReactNode]]
      : []),
    ...(certificate.achievements?.assignments.length
      ? [[t('page.assignments'), certificate.achievements.assignments.map((assignment) => assignment.title).join(', ')] as [string, React.ReactNode]]
      : []),
    ...(certificate.finalScore !== null ? [[t('page.finalScore'), percent(certificate.finalScore)] as [string, React.ReactNode]] : []),
    [t('page.issuedAt'), <time dateTime={certificate.issuedAt}>{date(certificate.issuedAt)}</time>],
    [t('page.code'), <Text component="span" ff="monospace">{certificate.code}</Text>],
  ];

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <PageTitle title={t('page.heading')} documentTitle={t('page.title', { title: certificate.courseTitle })} mb={0} ta="center" />
          {valid ? (
            <Alert color="teal" variant="light" icon={<CircleCheckIcon size={20} />} title={t('page.valid')}>
              {t('page.validText')}
            </Alert>
          ) : (
            <Alert color="red" variant="light" icon={<CircleXIcon size={20} />} title={t('page.revoked')}>
              {t('page.revokedText', { date: certificate.revokedAt ? date(certificate.revokedAt) : '' })}
            </Alert>
          )}
          <Stack gap={4} align="center" ta="center">
            <Text c="dimmed">{t('page.awardedTo')}</Text>
            <Title order={2} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {certificate.learnerName}
            </Title>
          </Stack>
          <Stack gap="xs" component="dl" m={0}>
            {facts.map(([label, value]) => (
              <Group key={label} gap="xs" align="baseline" wrap="wrap">
                <Text component="dt" fw={600}>
                  {label}:
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
          {valid && hydrated ? (
            <Button
              component="a"
              href={linkedInUrl(certificate, tc('brand'), `${window.location.origin}${certificatePagePath(certificate.code, i18n.language)}`)}
              target="_blank"
              rel="noopener noreferrer"
              variant="outline"
              style={{ alignSelf: 'center' }}
            >
              {t('page.addToLinkedIn')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
