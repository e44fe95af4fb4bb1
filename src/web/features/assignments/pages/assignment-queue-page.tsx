import { Alert, Anchor, Button, Container, Pagination, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { DataTable } from '../../../components/data-table';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useReviewQueue } from '../api/assignments';
import { SubmissionReview } from '../components/review-form';
import { formatDateTime } from '../lib';

const wholeNumber = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
const uuid = (value: string | null) => (value && /^[0-9a-f-]{36}$/.test(value) ? value : null);

/**
 * /coursescreated/assignments — the hand-ins waiting for review across my courses (an admin's:
 * every course's), oldest first, paged; `?course=<id>&submission=<id>` opens one with its review form.
 */
export function AssignmentQueuePage() {
  const { t } = useTranslation('assignments');
  const { user, isPending } = useSession();
  const [search, setSearch] = useSearchParams();
  const courseId = wholeNumber(search.get('course'));
  const submissionId = uuid(search.get('submission'));
  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('queue.title')} text={t('queue.intro')} />;
  if (courseId && submissionId) {
    return (
      <Container size="md" py="xl">
        <Anchor component={Link} to={paths.assignmentQueue()} size="sm" mb="xs" display="inline-block">
          ← {t('queue.back')}
        </Anchor>
        <PageTitle title={t('review.title')} />
        <SubmissionReview courseId={courseId} submissionId={submissionId} />
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to={paths.coursesCreated()} size="sm" mb="xs" display="inline-block">
        ← {t('queue.backToCourses')}
      </Anchor>
      <PageTitle title={t('queue.title')} />
      <Text mb="md">{t('queue.intro')}</Text>
      <Queue page={wholeNumber(search.get('page')) ?? 1} onPage={(page) => setSearch(page > 1 ? { page: String(page) } : {})} />
    </Container>
  );
}

function Queue({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation('assignments');
  const queue = useReviewQueue(page);
  if (queue.isPending) return <PageSpinner />;
  if (queue.isError) return <Alert color="red">{errorMessage(queue.error)}</Alert>;
  const { items, pageCount } = queue.data;
  type Row = (typeof items)[number];
  return (
    <Stack gap="md">
      <DataTable<Row>
        caption={t('queue.title')}
        minWidth={720}
        rows={items}
        rowKey={(row) => row.submissionId}
        empty={<Alert color="gray">{t('queue.empty')}</Alert>}
        columns={[
          { key: 'submitted', header: t('queue.submittedAt'), nowrap: true, cell: (row) => formatDateTime(row.submittedAt, i18n.language) },
          { key: 'course', header: t('queue.course'), cell: (row) => row.courseTitle },
          { key: 'lesson', header: t('queue.lesson'), cell: (row) => row.lessonTitle },
          { key: 'learner', header: t('queue.learner'), cell: (row) => row.learnerName },
          { key: 'version', header: t('queue.version'), align: 'right', cell: (row) => row.version },
          {
            key: 'open',
            header: t('queue.open'),
            phone: 'plain',
            cell: (row) => (
              <Button
                component={Link}
                size="compact-sm"
                variant="light"
                to={paths.assignmentQueue({ course: String(row.courseId), submission: row.submissionId })}
                aria-label={t('queue.openLabel', { learner: row.learnerName, lesson: row.lessonTitle })}
              >
                {t('queue.open')}
              </Button>
            ),
          },
        ]}
      />
      {pageCount > 1 ? <Pagination total={pageCount} value={page} onChange={onPage} getControlProps={() => ({})} aria-label={t('queue.pages')} /> : null}
    </Stack>
  );
}
