import { Anchor, Badge, Center, Container, Grid, Group, Image, List, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../shared/paths';
import { AddToCartButton } from '../../../entities/cart/add-to-cart-button';
import { usePriceLabel } from '../../../lib/money';
import { FavouriteButton } from '../../../entities/favourites/favourite-button';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { StarRating } from '../../../components/star-rating';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useCourse } from '../../../entities/courses/get-course';
import { useCategoryName } from '../../../entities/courses/category-names';
import { CourseCover } from '../../../entities/courses/course-cover';
import { ownPicture } from '../../../../shared/covers';
import { CourseReviews } from '../../../entities/reviews/course-reviews';
import { IntroVideo } from '../components/intro-video';
import { CourseReputationSlot } from '../components/course-reputation-slot';
import { CourseCurriculum } from '../components/course-curriculum';

/**
 * /course/:id — cover, title, teacher, description, rating "4,7 de 5" with half stars, the intro video,
 * price, add to cart, the curriculum (with its free previews) and the reviews (spec section 2); below the fold, its reputation: how its
 * ratings split, its students, what its students also bought and its teacher's other courses,
 * loaded as the reader scrolls there. An unknown or disabled course is the not-found page.
 */
export function CoursePage() {
  const { t, i18n } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const { id } = useParams();
  const courseId = Number(id);
  const course = useCourse(courseId);
  const { isSignedIn } = useSession();
  const price = usePriceLabel();
  const categoryName = useCategoryName();

  if (course.isPending) {
    return (
      <Center py={96} role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>{tc('loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (course.isError) {
    if (isApiError(course.error) && course.error.status === 404) return <NotFound title={t('course.notFound')} text={errorMessage(course.error, i18n)} />;
    // Anything else is the route's error page, which offers a reload.
    throw course.error;
  }

  const data = course.data;
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        {/* On a phone the buy box comes first (title, rating, price, add to cart on the first screen), the media below it. */}
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            {ownPicture(data.imageUrl) ? (
              <Image
                src={ownPicture(data.imageUrl)}
                fallbackSrc="/covers/default.svg"
                alt={t('course.coverAlt', { title: data.title })}
                radius="md"
                style={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
              />
            ) : (
              <CourseCover course={data} lazy={false} rounded />
            )}
            {data.introVideo ? <IntroVideo video={data.introVideo} label={t('course.introVideo', { title: data.title })} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            {data.disabledAt ? (
              <Badge color="gray" variant="filled">
                {t('course.disabled')}
              </Badge>
            ) : null}
            <PageTitle title={data.title} mb={0} />
            <Text size="lg">
              <Anchor component={Link} to={paths.teacher(data.ownerId)} inherit>
                {t('course.teacher', { name: data.teacherName })}
              </Anchor>
            </Text>
            <Group gap="xs">
              <StarRating average={data.ratingAverage} count={data.ratingCount} size={20} withValue />
              <Text c="dimmed" size="sm">
                {t('course.ratingCount', { count: data.ratingCount })}
              </Text>
            </Group>
            <Text size="xl" fw={800}>
              {price(data.priceCents)}
            </Text>
            <Group gap="sm">
              <AddToCartButton courseId={data.id} priceCents={data.priceCents} ownerId={data.ownerId} title={data.title} signedIn={isSignedIn} size="md" showInCart />
              <FavouriteButton course={data} signedIn={isSignedIn} />
            </Group>
            <Text mt="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {data.description}
            </Text>
            <Title order={2} size="h4" mt="md">
              {t('course.details')}
            </Title>
            <Stack gap={4} component="dl" style={{ margin: 0 }}>
              <Detail label={t('course.category')} value={`${categoryName(data.category)} · ${categoryName(data.subcategory)}`} />
              <Detail label={tc('course.hours')} value={String(data.durationHours)} />
              <Detail label={t('course.language')} value={tc(`course.languages.${data.language}`)} />
              <Detail label={t('course.level')} value={tc(`course.levels.${data.level}`)} />
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack mt={48} gap={48}>
        <CourseList title={t('course.learningOutcomes')} lines={data.learningOutcomes} />
        <CourseList title={t('course.requirements')} lines={data.requirements} />
        <CourseCurriculum curriculum={data.curriculum} />
        <CourseReputationSlot courseId={data.id} teacherName={data.teacherName} part="ratings" />
        <CourseReviews courseId={data.id} />
        <CourseReputationSlot courseId={data.id} teacherName={data.teacherName} part="related" />
      </Stack>
    </Container>
  );
}

/** "What you'll learn" or "Requirements", when the teacher wrote any. */
function CourseList({ title, lines }: { title: string; lines: string[] | undefined }) {
  if (!lines?.length) return null;
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      <List spacing="xs" style={{ overflowWrap: 'anywhere' }}>
        {lines.map((line, index) => (
          <List.Item key={index}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs">
      <Text component="dt" fw={600}>
        {label}:
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </Group>
  );
}
