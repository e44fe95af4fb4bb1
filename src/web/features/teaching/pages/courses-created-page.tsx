import { Alert, Anchor, Badge, Button, Container, Image, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { DEFAULT_COURSE_COVER, type CreatedCourse } from '../../../../shared/schemas/courses';
import { PageTitle } from '../../../components/page-title';
import { StarRating } from '../../../components/star-rating';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/error-message';
import { usePriceLabel } from '../../../lib/money';
import { useSession } from '../../../session/get-session';
import { TeacherSalesReport } from '../../../entities/sales/teacher-sales-report';
import { useCreatedCourses } from '../api/get-created-courses';
import { useMyVideoProcessing } from '../api/get-video-processing';
import { PageSpinner, SignInNeeded } from '../components/page-states';
import { PayoutAccountCard } from '../components/payout-account-card';
import { VideoProcessingBadges } from '../components/video-processing';

function CourseRating({ course }: { course: CreatedCourse }) {
  const { t } = useTranslation(['teaching', 'common']);
  if (course.ratingCount === 0) return <Text size="sm">{t('created.noReview')}</Text>;
  return <StarRating average={course.ratingAverage} withValue />;
}

function CreatedCourses() {
  const { t } = useTranslation(['teaching', 'common']);
  const query = useCreatedCourses();
  // Each video's processing (HLS), asked for again while one is not finished.
  const processing = useMyVideoProcessing();
  const priceLabel = usePriceLabel();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  if (query.data.items.length === 0) {
    return (
      <Stack align="flex-start">
        <Text>{t('created.empty')}</Text>
        <Button component={Link} to={paths.createCourse()}>
          {t('created.createFirst')}
        </Button>
      </Stack>
    );
  }
  const videosOf = (course: CreatedCourse) => processing.data?.items.filter((item) => item.courseId === course.id) ?? [];
  return (
    <DataTable
      columns={[
        {
          key: 'cover',
          header: t('created.columns.cover'),
          phone: 'plain',
          cell: (course) => (
            <Tooltip
              label={
                <Stack gap={2} maw={280}>
                  <Text size="sm" fw={600}>
                    {course.title}
                  </Text>
                  <Text size="xs">{course.description}</Text>
                </Stack>
              }
              multiline
              withArrow
            >
              <Anchor component={Link} to={paths.course(course.id)} display="inline-block">
                <Image src={course.imageUrl || DEFAULT_COURSE_COVER} alt={t('created.coverAlt', { title: course.title })} w={96} h={60} radius="sm" fit="cover" fallbackSrc={DEFAULT_COURSE_COVER} />
              </Anchor>
            </Tooltip>
          ),
        },
        {
          key: 'title',
          header: t('created.columns.courseTitle'),
          cell: (course) => (
            <>
              <Text fw={500}>{course.title}</Text>
              {course.disabledAt ? (
                <Badge color="gray" variant="light" mt={4}>
                  {t('created.disabled')}
                </Badge>
              ) : null}
              <VideoProcessingBadges items={videosOf(course)} />
            </>
          ),
        },
        { key: 'rating', header: t('created.columns.rating'), cell: (course) => <CourseRating course={course} /> },
        { key: 'price', header: t('created.columns.price'), cell: (course) => priceLabel(course.priceCents) },
        {
          key: 'edit',
          header: t('created.columns.edit'),
          phone: 'plain',
          cell: (course) => (
            <Button component={Link} to={paths.editCourse(course.id)} variant="light" size="xs" aria-label={t('created.editLabel', { title: course.title })}>
              {t('created.edit')}
            </Button>
          ),
        },
      ]}
      rows={query.data.items}
      rowKey={(course) => course.id}
      minWidth={640}
      verticalSpacing="sm"
      highlightOnHover
      label={t('created.title')}
    />
  );
}

/** /coursescreated — my payout account, my sales, then the courses I created (spec section 2). */
export function CoursesCreatedPage() {
  const { t } = useTranslation('teaching');
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  if (!user) return <SignInNeeded title={t('created.title')} text={t('created.signInNeeded')} />;
  return (
    <Container size="lg" py="xl">
      <PageTitle title={t('created.title')} />
      <Stack gap="xl">
        <PayoutAccountCard />
        <TeacherSalesReport />
        <CreatedCourses />
      </Stack>
    </Container>
  );
}
