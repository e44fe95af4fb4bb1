/**
 * The quizzes' places in the other features: the curriculum editor's "add lesson" (a quiz, with
 * its link to the quiz editor) and the course player's lesson view (a quiz lesson shows the quiz).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { paths } from '../../../shared/paths';
import type { CurriculumView } from '../../../shared/schemas/curriculum';
import { editableCurriculum, type EditableCurriculum } from '../../../shared/schemas/curriculum-editing';
import { newLessonInput } from '../../../shared/schemas/curriculum-editing';
import type { Session } from '../../session/get-session';
import { playerCourse } from '../../testing/fixtures';
import { jsonResponse, mockApi, requestsTo } from '../../testing/mock-fetch';
import { renderApp } from '../../testing/render';
import { makeOverview } from './quiz-fixtures';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};

describe('quiz lessons in the curriculum editor and the course player', () => {
  it('adds a quiz lesson (title, free preview) and links it to its quiz editor', { timeout: 120_000 }, async () => {
    const curriculum: EditableCurriculum = editableCurriculum.parse({
      courseId: 4,
      sections: [{ id: 1, title: 'Contenido del curso', lessons: [] }],
      lessonCount: 0,
      totalSeconds: 0,
      durationHours: 0,
      limits: { maxSections: 50, maxLessons: 300 },
    });
    const spy = mockApi({
      getSession: () => session,
      getMe: () => ({ ...session.user, createdCoursesCount: 1 }),
      getCourseForEdit: () => ({
        id: 4,
        title: 'React desde cero',
        imageUrl: '/covers/web.svg',
        teacherName: 'Laura Martínez',
        description: 'Componentes, hooks y rutas.',
        durationHours: 1,
        priceCents: 1999,
        language: 'spanish',
        level: 'medium',
        categoryId: 1,
        subcategoryId: 11,
        ownerId: 'u1',
        disabledAt: null,
      }),
      getCourseVideoProcessing: () => ({ items: [] }),
      getCategories: () => ({ items: [{ id: 1, name: 'Programación', subcategories: [{ id: 11, name: 'Python' }] }] }),
      getCurriculumForEdit: () => curriculum,
      getCertificateRules: () => ({ courseId: 4, quizzes: [], assignments: [] }),
      addCurriculumLesson: ({ body }) => {
        curriculum.sections[0]!.lessons.push({ id: 31, title: body.title, kind: 'quiz', isPreview: body.isPreview ?? false, durationSeconds: 0, body: null, courseVideo: null, videoState: null, resourceName: null });
        return jsonResponse(editableCurriculum.parse(curriculum), 201);
      },
    });
    const { user } = renderApp(paths.editCourse(4));
    const section = await screen.findByRole('listitem', { name: 'Sección 1: Contenido del curso' }, { timeout: 30_000 });
    await user.click(within(section).getByRole('button', { name: 'Añadir lección a Contenido del curso' }));
    const form = within(section).getByRole('form', { name: 'Añadir lección a Contenido del curso' });
    await user.click(within(form).getByRole('radio', { name: 'Cuestionario' }));
    await user.type(within(form).getByRole('textbox', { name: /^Título de la lección/ }), 'Repaso');
    await user.click(within(form).getByRole('switch', { name: 'Vista previa gratuita' }));
    await user.click(within(form).getByRole('button', { name: 'Añadir lección' }));

    const link = await within(section).findByRole('link', { name: 'Editar preguntas de Repaso' });
    expect(link).toHaveAttribute('href', '/course/editcourse/4/quiz/31');
    const sent = requestsTo(spy, endpoints.addCurriculumLesson).map((request) => request.body);
    expect(sent).toEqual([{ kind: 'quiz', title: 'Repaso', isPreview: true }]);
    expect(newLessonInput.parse(sent[0])).toEqual(sent[0]);
  });

  it('shows a quiz lesson in the course player as the quiz', { timeout: 120_000 }, async () => {
    const course = playerCourse;
    const curriculum: CurriculumView = { sections: [{ id: 1, title: 'Práctica', lessons: [{ id: 21, title: 'Repaso de Python', kind: 'quiz', isPreview: false, durationSeconds: 0 }] }], lessonCount: 1, totalSeconds: 0 };
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getCourseProgress: () => ({
        courseId: 5,
        curriculum,
        lessons: [{ lessonId: 21, state: 'not_started', positionSeconds: 0, durationSeconds: 0, watchedSeconds: 0, completedAt: null, updatedAt: null }],
        resumeLessonId: 21,
        percent: 0,
        completed: false,
        certificateMissing: [],
      }),
      getLessonContent: () => ({ id: 21, courseId: 5, title: 'Repaso de Python', kind: 'quiz', isPreview: false, durationSeconds: 0, video: null, html: null, download: null }),
      getCourseReviews: () => ({ items: [] }),
      getQuizOverview: () => makeOverview(),
    });
    renderApp('/mycourses/5');
    expect(await screen.findByRole('button', { name: 'Empezar el cuestionario' }, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Para aprobar necesitas un 70 %.')).toBeInTheDocument());
    // No "mark as done" toggle: passing completes it.
    expect(screen.queryByRole('button', { name: /Marcar/ })).toBeNull();
  });
});
