import { Alert, Anchor, Badge, Button, Container, Group, Image, Modal, Pagination, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { formatMoney } from '../../../../shared/money';
import { DEFAULT_COURSE_COVER, type CreatedCourse } from '../../../../shared/schemas/courses';
import type { TeacherSales } from '../../../../shared/schemas/teacher-sales';
import { PageTitle } from '../../../components/page-title';
import { StarRating } from '../../../components/star-rating';
import { DataTable } from '../../../components/data-table';
import { FigureGrid } from '../../../components/figure-grid';
import { RevenueChart } from '../../../components/revenue-chart';
import { errorMessage } from '../../../lib/error-message';
import { numberFormat } from '../../../lib/intl-formats';
import { usePriceLabel } from '../../../lib/money';
import { useSession } from '../../../session/get-session';
import { useTeacherSales } from '../../../entities/sales/get-teacher-sales';
import { RatingDistribution, ratingShares } from '../../../entities/reviews/rating-distribution';
import { CourseCover } from '../../../entities/courses/course-cover';
import { ownPicture } from '../../../../shared/covers';
import { createdCoursesQueryKey, useCreatedCourses } from '../api/get-created-courses';
import { useMyVideoProcessingRefreshing, VideoProcessingBadges } from '../../media';
import { PageSpinner, SignInNeeded } from '../../../components/page-states';
import { PayoutAccountCard } from '../../payouts';
import { ReviewQueueLink } from '../../assignments';

/** Courses per page of the list: the page stays about one screen of rows, whatever the catalogue. */
export const createdCoursesPageSize = 10;

type CourseSales = TeacherSales['courses'][number];
/** A created course with its sales figures (zero until the sales arrive, or when it never sold). */
type CourseRow = CreatedCourse & { sales?: CourseSales };

/** Search ignores case and accents: "programacion" finds "Programación". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function CourseRating({ course }: { course: CreatedCourse }) {
  const { t } = useTranslation(['teaching', 'common']);
  if (course.ratingCount === 0) return <Text size="sm">{t('created.noReview')}</Text>;
  return <StarRating average={course.ratingAverage} withValue />;
}

/** The average of every review of my courses, each course weighted by its number of reviews. */
function averageRating(courses: readonly CreatedCourse[]) {
  const reviews = courses.reduce((total, course) => total + course.ratingCount, 0);
  if (reviews === 0) return null;
  return { average: courses.reduce((total, course) => total + course.ratingAverage * course.ratingCount, 0) / reviews, reviews };
}

/** The summary above the list: headline figures, then the last 30 days of revenue. */
function Summary({ courses, sales }: { courses: readonly CreatedCourse[]; sales: ReturnType<typeof useTeacherSales> }) {
  const { t, i18n } = useTranslation(['teaching', 'common']);
  const headingId = useId();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const rating = averageRating(courses);
  const oneDecimal = numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const figures = [
    { label: t('summary.courses'), value: String(courses.length) },
    { label: t('sales.students'), value: sales.data ? String(sales.data.totals.students) : '…' },
    { label: t('sales.revenue'), value: sales.data ? money(sales.data.totals.revenueCents) : '…', note: t('sales.revenueNote') },
    { label: t('sales.sales'), value: sales.data ? String(sales.data.totals.sales) : '…' },
    {
      label: t('summary.rating'),
      value: rating ? t('common:course.ratingOutOf', { rating: oneDecimal.format(rating.average) }) : t('created.noReview'),
      note: rating ? t('summary.reviews', { count: rating.reviews }) : undefined,
    },
  ];
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {t('summary.title')}
      </Title>
      <FigureGrid figures={figures} cols={{ base: 2, sm: 3, md: 5 }} m={0} />
      {sales.isError ? <Alert color="red">{errorMessage(sales.error)}</Alert> : null}
      {sales.data ? (
        <Paper withBorder p="md">
          <RevenueChart
            days={sales.data.daily}
            title={t('sales.chartTitle')}
            seriesLabel={t('sales.revenue')}
            dayHeader={t('sales.day')}
            tableCaption={(price) => t('sales.chartTable', { price })}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** One course's figures on demand: its sales, where they came from, and how it was rated. */
function CourseDetail({ course, onClose }: { course: CourseRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('teaching');
  const sales = course.sales;
  const figures = [
    { label: t('sales.columns.revenue'), value: formatMoney(sales?.revenueCents ?? 0, i18n.language) },
    { label: t('sales.columns.sales'), value: String(sales?.sales ?? 0) },
    { label: t('sales.columns.students'), value: String(sales?.students ?? 0) },
    { label: t('sales.columns.couponSales'), value: String(sales?.couponSales ?? 0) },
    { label: t('sales.columns.referralSales'), value: String(sales?.referralSales ?? 0) },
  ];
  return (
    <Modal opened onClose={onClose} title={t('summary.detailTitle', { title: course.title })} size="lg" centered closeButtonProps={{ 'aria-label': t('summary.close') }}>
      <Stack gap="md">
        <FigureGrid figures={figures} cols={{ base: 2, xs: 3 }} m={0} />
        <Title order={3} size="h5">
          {t('sales.columns.ratings')}
        </Title>
        <RatingDistribution ratings={ratingShares(sales?.ratings ?? [0, 0, 0, 0, 0])} size="xs" label={t('sales.ratingsOf', { title: course.title })} />
        <Group>
          <Button component={Link} to={paths.editCourse(course.id)} variant="light" size="xs" aria-label={t('created.editLabel', { title: course.title })}>
            {t('created.edit')}
          </Button>
          <Button component={Link} to={paths.course(course.id)} variant="subtle" size="xs" aria-label={t('summary.viewLabel', { title: course.title })}>
            {t('summary.view')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The course list: one row per course with its figures and actions, searched by title, ten to a page. */
function CourseList({ rows }: { rows: CourseRow[] }) {
  const { t, i18n } = useTranslation(['teaching', 'common']);
  const headingId = useId();
  // A course whose intro finishes processing may have a new cover (a frame of it): the list shows it without a reload.
  const processing = useMyVideoProcessingRefreshing(createdCoursesQueryKey);
  const priceLabel = usePriceLabel();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [detailId, setDetailId] = useState<number | null>(null);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const videosOf = (course: CourseRow) => processing.data?.items.filter((item) => item.courseId === course.id) ?? [];

  const needle = folded(search.trim());
  const found = needle ? rows.filter((course) => folded(course.title).includes(needle)) : rows;
  const pageCount = Math.max(1, Math.ceil(found.length / createdCoursesPageSize));
  const current = Math.min(page, pageCount);
  const shown = found.slice((current - 1) * createdCoursesPageSize, current * createdCoursesPageSize);
  const detail = detailId === null ? undefined : rows.find((course) => course.id === detailId);

  // The storefront's cover: the course's picture, or the one drawn for a course without (as buyers see it).
  const cover = (course: CourseRow, width: number) => {
    const picture = ownPicture(course.imageUrl);
    const label = t('created.coverAlt', { title: course.title });
    return (
      <Anchor component={Link} to={paths.course(course.id)} display="block" w={width} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        {picture ? (
          <Image src={picture} alt={label} w={width} h={Math.round((width * 9) / 16)} fit="cover" fallbackSrc={DEFAULT_COURSE_COVER} />
        ) : (
          <>
            <CourseCover course={course} />
            <VisuallyHidden>{label}</VisuallyHidden>
          </>
        )}
      </Anchor>
    );
  };
  const titleCell = (course: CourseRow) => (
    <>
      <Text fw={500}>{course.title}</Text>
      {course.disabledAt ? (
        <Badge color="gray" variant="light" mt={4}>
          {t('created.disabled')}
        </Badge>
      ) : null}
      <VideoProcessingBadges items={videosOf(course)} />
    </>
  );
  const actions = (course: CourseRow) => (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={paths.editCourse(course.id)} variant="light" size="xs" aria-label={t('created.editLabel', { title: course.title })}>
        {t('created.edit')}
      </Button>
      <Button variant="subtle" size="xs" onClick={() => setDetailId(course.id)} aria-haspopup="dialog" aria-label={t('summary.detailsLabel', { title: course.title })}>
        {t('summary.details')}
      </Button>
    </Group>
  );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id={headingId}>
          {t('summary.listTitle')}
        </Title>
        <TextInput
          type="search"
          label={t('summary.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      <DataTable
        columns={[
          { key: 'cover', header: t('created.columns.cover'), phone: 'plain', cell: (course) => cover(course, 96) },
          { key: 'title', header: t('created.columns.courseTitle'), cell: titleCell },
          { key: 'rating', header: t('created.columns.rating'), nowrap: true, cell: (course) => <CourseRating course={course} /> },
          { key: 'price', header: t('created.columns.price'), nowrap: true, cell: (course) => priceLabel(course.priceCents) },
          { key: 'revenue', header: t('sales.columns.revenue'), align: 'right', nowrap: true, cell: (course) => money(course.sales?.revenueCents ?? 0) },
          { key: 'students', header: t('sales.columns.students'), align: 'right', cell: (course) => course.sales?.students ?? 0 },
          { key: 'actions', header: t('summary.actions'), phone: 'plain', cell: actions },
        ]}
        card={(course) => (
          <Group align="flex-start" wrap="nowrap" gap="sm">
            {cover(course, 72)}
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              {titleCell(course)}
              <Text size="sm">
                {priceLabel(course.priceCents)} · {t('summary.cardFigures', { amount: money(course.sales?.revenueCents ?? 0), count: course.sales?.students ?? 0 })}
              </Text>
              <CourseRating course={course} />
              {actions(course)}
            </Stack>
          </Group>
        )}
        rows={shown}
        rowKey={(course) => course.id}
        minWidth={820}
        verticalSpacing="sm"
        highlightOnHover
        label={t('created.title')}
        empty={<Text>{t('summary.noMatch')}</Text>}
      />
      {pageCount > 1 ? (
        <Group justify="space-between" component="nav" aria-label={t('summary.pages')}>
          <Text size="sm" c="dimmed">
            {t('summary.found', { count: found.length })}
          </Text>
          <Pagination
            total={pageCount}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`summary.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('summary.page', { page: item }) })}
          />
        </Group>
      ) : null}
      {detail ? <CourseDetail course={detail} onClose={() => setDetailId(null)} /> : null}
    </Stack>
  );
}

function CreatedCourses() {
  const { t } = useTranslation(['teaching', 'common']);
  const query = useCreatedCourses();
  const sales = useTeacherSales();
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
  const salesOf = new Map(sales.data?.courses.map((course) => [course.id, course]));
  const rows: CourseRow[] = query.data.items.map((course) => ({ ...course, sales: salesOf.get(course.id) }));
  return (
    <>
      <Summary courses={query.data.items} sales={sales} />
      <CourseList rows={rows} />
    </>
  );
}

/** /coursescreated — my payout account, a summary of my courses and sales, then one list of the courses I created (spec section 2). */
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
        <ReviewQueueLink />
        <CreatedCourses />
      </Stack>
    </Container>
  );
}
