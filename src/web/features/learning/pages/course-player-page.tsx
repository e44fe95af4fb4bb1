import { Alert, Button, Center, Container, Grid, Group, List, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { localeOf } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import type { PlayerCourse } from '../../../../shared/schemas/orders';
import type { CourseProgress } from '../../../../shared/schemas/progress';
import { PageTitle } from '../../../components/page-title';
import { SignInRedirect } from '../../../components/sign-in-redirect';
import { isApiError } from '../../../lib/api-client';
import { numberFormat } from '../../../lib/intl-formats';
import { useSession } from '../../../session/get-session';
import { CertificateButton } from '../../../entities/certificates/certificate-button';
import { useEnrolledCourse } from '../../../entities/enrollments/get-enrolled-course';
import { useCourseProgress } from '../../../entities/progress/get-course-progress';
import { useMarkLessonDone } from '../../../entities/progress/mark-lesson-done';
import { ReviewList } from '../../../entities/reviews/review-list';
import { CurriculumSidebar, lessonParam } from '../components/curriculum-sidebar';
import { LessonView } from '../components/lesson-view';
import { ReviewForm } from '../../reviews';

/** Where the "play the next lesson at the end" choice is remembered on this device. */
export const autoplayNextStorageKey = 'player.autoplayNext';

function readAutoplayNext(): boolean {
  try {
    return window.localStorage.getItem(autoplayNextStorageKey) === 'true';
  } catch {
    return false;
  }
}

/**
 * /mycourses/:id — the player of a bought course: title, the open lesson (opened where the
 * learner left off, or the one `?leccion=` names, kept in the address so a reload resumes),
 * previous and next, the curriculum with each lesson's state, "Acerca de este curso",
 * "Reseñas del curso" and the review form. "Cargando..." until the course is found among the
 * user's courses; a course not bought sends the user to its public page.
 */
export function CoursePlayerPage() {
  const { t } = useTranslation('orders');
  const courseId = Number(useParams().id);
  const { isSignedIn, isPending: sessionPending } = useSession();
  const course = useEnrolledCourse(courseId, { enabled: isSignedIn });
  const progress = useCourseProgress(courseId, { enabled: isSignedIn });

  if (!sessionPending && !isSignedIn) return <SignInRedirect />;
  if (course.isError && isApiError(course.error) && ['NOT_ENROLLED', 'FORBIDDEN', 'COURSE_NOT_FOUND', 'NOT_FOUND'].includes(course.error.code)) {
    return <Navigate to={paths.course(courseId)} replace />;
  }
  if (!course.data || !progress.data) {
    const failed = course.isError || progress.isError;
    return (
      <Container size="lg" py="xl">
        <Center py="xl" role="status">
          <Stack align="center" gap="sm">
            {failed ? null : <Loader aria-hidden="true" />}
            <Text>{failed ? t('player.loadFailed') : t('player.loading')}</Text>
          </Stack>
        </Center>
      </Container>
    );
  }
  return <Player course={course.data} progress={progress.data} />;
}

function Player({ course, progress }: { course: PlayerCourse; progress: CourseProgress }) {
  const { t, i18n } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const markDone = useMarkLessonDone(course.id);
  const [autoplayNext, setAutoplayNext] = useState(readAutoplayNext);

  const lessons = useMemo(() => progress.curriculum.sections.flatMap((section) => section.lessons), [progress.curriculum]);
  const states = useMemo(() => new Map(progress.lessons.map((lesson) => [lesson.lessonId, lesson.state])), [progress.lessons]);
  const asked = Number(searchParams.get(lessonParam));
  const current = lessons.find((lesson) => lesson.id === asked) ?? lessons.find((lesson) => lesson.id === progress.resumeLessonId) ?? lessons[0];
  const index = current ? lessons.indexOf(current) : -1;
  const previous = index > 0 ? lessons[index - 1] : undefined;
  const next = index >= 0 ? lessons[index + 1] : undefined;

  // The address names the open lesson, so a reload (or a shared link) opens it again.
  useEffect(() => {
    if (current && asked !== current.id) setSearchParams({ [lessonParam]: String(current.id) }, { replace: true });
  }, [asked, current, setSearchParams]);

  const open = (lessonId: number) => setSearchParams({ [lessonParam]: String(lessonId) });
  const chooseAutoplayNext = (value: boolean) => {
    setAutoplayNext(value);
    try {
      window.localStorage.setItem(autoplayNextStorageKey, String(value));
    } catch {
      // Private browsing may refuse storage: the choice lasts for this page only.
    }
  };

  const saved = current ? progress.lessons.find((lesson) => lesson.lessonId === current.id) : undefined;
  const facts: [string, string][] = [
    [t('player.teacher'), course.teacherName],
    [t('player.duration'), tc('course.durationHours', { count: course.durationHours })],
    [t('player.language'), tc(`course.languages.${course.language}`)],
    [t('player.level'), tc(`course.levels.${course.level}`)],
  ];
  return (
    <Container size="lg" py="xl">
      <PageTitle title={course.title} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {current ? (
              <>
                <Title order={2} size="h3" id="lesson-title">
                  {current.title}
                </Title>
                <LessonView
                  key={current.id}
                  courseId={course.id}
                  lessonId={current.id}
                  state={states.get(current.id) ?? 'not_started'}
                  saved={saved && saved.durationSeconds > 0 ? saved : undefined}
                  onDone={(lessonId, done) => void markDone(lessonId, done)}
                  onVideoEnded={() => {
                    if (autoplayNext && next) open(next.id);
                  }}
                />
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm">
                    <Button variant="default" disabled={!previous} onClick={() => previous && open(previous.id)}>
                      {t('player.previous')}
                    </Button>
                    <Button disabled={!next} onClick={() => next && open(next.id)}>
                      {t('player.next')}
                    </Button>
                  </Group>
                  <Switch checked={autoplayNext} onChange={(event) => chooseAutoplayNext(event.currentTarget.checked)} label={t('player.autoplayNext')} />
                </Group>
                {progress.completed ? (
                  <Alert color="teal" role="status">
                    <Group justify="space-between" gap="sm">
                      <Text size="sm">{t('player.courseCompleted')}</Text>
                      {progress.certificateMissing.length === 0 ? <CertificateButton courseId={course.id} title={course.title} size="sm" /> : null}
                    </Group>
                    {progress.certificateMissing.length > 0 ? (
                      <>
                        <Text size="sm" mt="xs">
                          {t('player.certificateMissing')}
                        </Text>
                        <List size="sm">
                          {progress.certificateMissing.map((rule) => (
                            <List.Item key={rule.lessonId}>
                              {rule.kind === 'quiz'
                                ? t('player.missingQuiz', { title: rule.title, percent: numberFormat(localeOf(i18n.language), { style: 'percent' }).format((rule.minPercent ?? 0) / 100) })
                                : t('player.missingAssignment', { title: rule.title })}
                            </List.Item>
                          ))}
                        </List>
                      </>
                    ) : null}
                  </Alert>
                ) : null}
              </>
            ) : (
              <Alert color="yellow">{t('player.noLessons')}</Alert>
            )}
          </Stack>
        </Grid.Col>
        {/* After the lesson in the page's order: under the video on a phone, beside it on a wide screen. */}
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {current ? <CurriculumSidebar curriculum={progress.curriculum} states={states} currentLessonId={current.id} percent={progress.percent} /> : null}
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="about-title">
              <Title order={2} size="h3" id="about-title" mb="sm">
                {t('player.about')}
              </Title>
              <Stack gap="xs" component="dl" m={0}>
                {facts.map(([label, value]) => (
                  <Group key={label} gap="xs" wrap="nowrap" align="baseline">
                    <Text component="dt" fw={600} size="sm">
                      {label}:
                    </Text>
                    <Text component="dd" m={0} size="sm">
                      {value}
                    </Text>
                  </Group>
                ))}
                <div>
                  <Text component="dt" fw={600} size="sm">
                    {t('player.description')}:
                  </Text>
                  <Text component="dd" m={0} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {course.description}
                  </Text>
                </div>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <section aria-labelledby="reviews-title">
              <Title order={2} size="h3" id="reviews-title" mb="sm">
                {t('player.reviews')}
              </Title>
              <ReviewList courseId={course.id} />
            </section>
            <ReviewForm courseId={course.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
