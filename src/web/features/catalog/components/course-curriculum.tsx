import { Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, memo, Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonKind } from '../../../../shared/limits';
import type { CurriculumLessonView, CurriculumView } from '../../../../shared/schemas/curriculum';
import classes from './course-curriculum.module.css';

/** The player of a preview lesson: its code (the modal, hls.js) is fetched with the first click on "Preview". */
const LessonPreviewDialog = lazy(() => import('./lesson-preview-dialog'));

/** "2 h 5 min", "45 min", "30 s": a length rounded to the minute once it passes one. */
export function formatLength(seconds: number, t: TFunction<'catalog'>): string {
  if (seconds < 60) return t('curriculum.seconds', { count: seconds });
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? t('curriculum.hours', { count: hours }) : null, rest > 0 ? t('curriculum.minutes', { count: rest }) : null].filter(Boolean).join(' ');
}

/** "5:07", "1:02:03": one lesson's length as players show it. */
const clockTime = (totalSeconds: number) => {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
};

const kindIcons: Record<LessonKind, string> = { video: 'lesson-kind-video', text: 'lesson-kind-text', resource: 'lesson-kind-resource', quiz: 'lesson-kind-quiz', assignment: 'lesson-kind-assignment' };

/**
 * The kind icons (Tabler Icons, MIT), drawn once and referenced by every lesson: a course of
 * 300 lessons carries five shapes, not 300.
 */
function KindIconSprite() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <symbol id={kindIcons.video} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M15 10l4.553 -2.276a1 1 0 0 1 1.447 .894v6.764a1 1 0 0 1 -1.447 .894l-4.553 -2.276v-4z" />
        <path d="M3 8a2 2 0 0 1 2 -2h8a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-8a2 2 0 0 1 -2 -2z" />
      </symbol>
      <symbol id={kindIcons.text} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M14 3v4a1 1 0 0 0 1 1h4" />
        <path d="M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z" />
        <path d="M9 13h6M9 17h6" />
      </symbol>
      <symbol id={kindIcons.resource} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2" />
        <path d="M7 11l5 5l5 -5M12 4v12" />
      </symbol>
      <symbol id={kindIcons.quiz} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
        <path d="M12 16v.01M12 13a2 2 0 0 0 .914 -3.782a1.98 1.98 0 0 0 -2.414 .483" />
      </symbol>
      <symbol id={kindIcons.assignment} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9 5h-2a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-12a2 2 0 0 0 -2 -2h-2" />
        <path d="M9 5a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2a2 2 0 0 1 -2 2h-2a2 2 0 0 1 -2 -2zM9 14l2 2l4 -4" />
      </symbol>
    </svg>
  );
}

type SectionsProps = { curriculum: CurriculumView; onPreview: (lesson: CurriculumLessonView) => void };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * A section's lessons as markup, built as a string: a 300-lesson course is some 1,500 elements
 * that React would otherwise create and hydrate one by one (the page's blocking time), while as
 * inner HTML they hydrate as one node. Everything a teacher typed is escaped; the preview buttons
 * are handled by the list's click handler.
 */
function lessonsHtml(lessons: CurriculumLessonView[], t: TFunction<'catalog'>): string {
  return lessons
    .map((lesson) => {
      const title = escapeHtml(lesson.title);
      const preview = lesson.isPreview
        ? `<button type="button" class="${classes.preview}" data-lesson-id="${lesson.id}" aria-label="${escapeHtml(t('curriculum.previewOf', { title: lesson.title }))}">${escapeHtml(t('curriculum.preview'))}</button>`
        : '';
      const duration = lesson.durationSeconds > 0 ? `<span class="${classes.duration}">${clockTime(lesson.durationSeconds)}</span>` : '';
      return `<li class="${classes.lesson}"><svg class="${classes.kind}" width="18" height="18" role="img" aria-label="${escapeHtml(t(`curriculum.kinds.${lesson.kind}`))}"><use href="#${kindIcons[lesson.kind]}"></use></svg><span class="${classes.lessonTitle}">${title}</span>${preview}${duration}</li>`;
    })
    .join('');
}

/**
 * The sections, each a native disclosure the server draws: the first open, the others closed, so
 * a long course stays a short page (and toggling needs no script, before or after hydration).
 * Memoised: opening a preview does not redraw hundreds of lessons.
 */
const Sections = memo(function Sections({ curriculum, onPreview }: SectionsProps) {
  const { t } = useTranslation('catalog');
  const lessonsById = new Map(curriculum.sections.flatMap((section) => section.lessons.map((lesson) => [lesson.id, lesson] as const)));
  const openPreview = (event: MouseEvent<HTMLElement>) => {
    const button = (event.target as Element).closest<HTMLElement>('button[data-lesson-id]');
    const lesson = button ? lessonsById.get(Number(button.dataset.lessonId)) : undefined;
    if (lesson) onPreview(lesson);
  };
  return (
    <div onClick={openPreview}>
      {curriculum.sections.map((section, index) => {
        const seconds = section.lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0);
        return (
          <details key={section.id} className={classes.section} open={index === 0}>
            <summary className={classes.summary}>
              <span>{section.title}</span>
              <span className={classes.sectionFacts}>
                {[t('curriculum.lessons', { count: section.lessons.length }), seconds > 0 ? formatLength(seconds, t) : null].filter(Boolean).join(' · ')}
              </span>
            </summary>
            {section.lessons.length > 0 ? <ul className={classes.lessons} dangerouslySetInnerHTML={{ __html: lessonsHtml(section.lessons, t) }} /> : null}
          </details>
        );
      })}
    </div>
  );
});

/**
 * A course's curriculum on its page: "3 secciones · 12 lecciones · 2 h 5 min", then the sections
 * with their lessons, each lesson's kind and length. Preview lessons play (or read) in a dialog
 * for anyone, signed in or not.
 */
export function CourseCurriculum({ curriculum }: { curriculum: CurriculumView }) {
  const { t } = useTranslation('catalog');
  const [previewing, setPreviewing] = useState<CurriculumLessonView | null>(null);

  return (
    <Stack component="section" gap="sm" aria-labelledby="course-curriculum-title">
      <Title order={2} size="h3" id="course-curriculum-title">
        {t('curriculum.title')}
      </Title>
      {curriculum.lessonCount === 0 ? (
        <Text c="dimmed">{t('curriculum.empty')}</Text>
      ) : (
        <>
          <Text size="sm">
            {[
              t('curriculum.sections', { count: curriculum.sections.length }),
              t('curriculum.lessons', { count: curriculum.lessonCount }),
              curriculum.totalSeconds > 0 ? formatLength(curriculum.totalSeconds, t) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <KindIconSprite />
          <Sections curriculum={curriculum} onPreview={setPreviewing} />
        </>
      )}
      {previewing ? (
        <Suspense fallback={null}>
          <LessonPreviewDialog lesson={previewing} onClose={() => setPreviewing(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
