import { Alert, Anchor, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { DataTable } from '../../../components/data-table';
import { PageSpinner } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { SignInRedirect } from '../../../components/sign-in-redirect';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useMyAssignments } from '../api/assignments';
import { MyAssignmentsTab } from '../components/links';
import { SubmissionStateBadge } from '../components/submission-details';
import { formatDateTime } from '../lib';

/** /mycourses/assignments — my assignments across my courses: each one's latest hand-in and its state. */
export function MyAssignmentsPage() {
  const { t } = useTranslation('assignments');
  const { isSignedIn, isPending } = useSession();
  if (!isPending && !isSignedIn) return <SignInRedirect />;
  return (
    <Container size="lg" py="xl">
      <PageTitle title={t('mine.title')} />
      <nav aria-label={t('mine.tabs')}>
        <Group gap="xs" mb="lg">
          <Button component={Link} to={paths.myCourses()} variant="subtle">
            {t('mine.myCourses')}
          </Button>
          <MyAssignmentsTab current />
        </Group>
      </nav>
      {isSignedIn ? <MyAssignmentsTable /> : <PageSpinner />}
    </Container>
  );
}

function MyAssignmentsTable() {
  const { t, i18n } = useTranslation('assignments');
  const mine = useMyAssignments();
  if (mine.isPending) return <PageSpinner />;
  if (mine.isError) return <Alert color="red">{errorMessage(mine.error)}</Alert>;
  type Row = (typeof mine.data.items)[number];
  return (
    <DataTable<Row>
      label={t('mine.title')}
      minWidth={640}
      rows={mine.data.items}
      rowKey={(row) => row.lessonId}
      empty={<Alert color="gray">{t('mine.empty')}</Alert>}
      columns={[
        { key: 'lesson', header: t('mine.lesson'), cell: (row) => row.lessonTitle },
        {
          key: 'course',
          header: t('mine.course'),
          cell: (row) => (
            <Anchor component={Link} to={paths.player(row.courseId)}>
              {row.courseTitle}
            </Anchor>
          ),
        },
        {
          key: 'state',
          header: t('mine.state'),
          cell: (row) => (
            <>
              <SubmissionStateBadge state={row.state} />
              {row.points !== null && row.maxPoints !== null ? ` ${t('mine.points', { points: row.points, max: row.maxPoints })}` : ''}
            </>
          ),
        },
        { key: 'submitted', header: t('mine.submittedAt'), nowrap: true, cell: (row) => formatDateTime(row.submittedAt, i18n.language) },
      ]}
    />
  );
}
