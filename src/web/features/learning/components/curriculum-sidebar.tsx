import { Box, Group, NavLink, Paper, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurriculumView } from '../../../../shared/schemas/curriculum';
import type { LessonState } from '../../../../shared/schemas/progress';
import { CircleCheckIcon, CircleHalfIcon, CircleIcon } from '../../../components/icons';
import { formatPlaybackTime } from '../../../entities/progress/use-video-progress';

/** The query parameter that names the open lesson, so a reload opens the same one. */
export const lessonParam = 'leccion';

const stateIcons: Record<LessonState, { Icon: typeof CircleIcon; color: string }> = {
  not_started: { Icon: CircleIcon, color: 'var(--mantine-color-dimmed)' },
  in_progress: { Icon: CircleHalfIcon, color: 'var(--mantine-color-blue-7)' },
  done: { Icon: CircleCheckIcon, color: 'var(--mantine-color-teal-8)' },
};

type Props = {
  curriculum: CurriculumView;
  states: ReadonlyMap<number, LessonState>;
  currentLessonId: number;
  percent: number;
};

/**
 * The course's sections and lessons, each with its state (an icon, and its name for screen
 * readers) and its length; the open lesson highlighted and marked as the current page.
 */
export function CurriculumSidebar({ curriculum, states, currentLessonId, percent }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder radius="md" p="md" component="nav" aria-labelledby="curriculum-title">
      <Title order={2} size="h3" id="curriculum-title" mb="xs">
        {t('player.curriculum')}
      </Title>
      <Progress value={percent} size="sm" color="teal.9" aria-label={t('player.courseProgress')} />
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('player.percentDone', { percent })}
      </Text>
      <Stack gap="sm">
        {curriculum.sections.map((section) => (
          <Box component="section" key={section.id} aria-label={section.title}>
            <Text fw={700} size="sm" mb={4}>
              {section.title}
            </Text>
            <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {section.lessons.map((lesson) => {
                const state = states.get(lesson.id) ?? 'not_started';
                const { Icon, color } = stateIcons[state];
                const current = lesson.id === currentLessonId;
                return (
                  <li key={lesson.id}>
                    <NavLink
                      component={Link}
                      to={`?${lessonParam}=${lesson.id}`}
                      replace
                      active={current}
                      aria-current={current ? 'page' : undefined}
                      data-state={state}
                      leftSection={<Icon size={18} style={{ color }} />}
                      label={
                        <Group gap={4} wrap="nowrap" justify="space-between">
                          <span>
                            {lesson.title}
                            <VisuallyHidden>{` (${t(`player.lessonStates.${state}`)})`}</VisuallyHidden>
                          </span>
                          {lesson.durationSeconds > 0 ? (
                            <Text component="span" size="xs" c="dimmed">
                              {formatPlaybackTime(lesson.durationSeconds)}
                            </Text>
                          ) : null}
                        </Group>
                      }
                    />
                  </li>
                );
              })}
            </Box>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
