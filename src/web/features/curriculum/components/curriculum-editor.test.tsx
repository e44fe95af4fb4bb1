import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditableCurriculum, EditableLesson } from '../../../../shared/schemas/curriculum-editing';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import type { Session } from '../../../session/get-session';
import { makeEarnings } from '../../../testing/payout-fixtures';

// The page loads lazily with the upload client: the first render takes longer than the default second.
configure({ asyncUtilTimeout: 8000 });

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};

const course = {
  id: 4,
  title: 'React desde cero',
  imageUrl: '/covers/web.svg',
  teacherName: 'Laura Martínez',
  description: 'Componentes, hooks y rutas.',
  durationHours: 1,
  priceCents: 1999,
  language: 'spanish' as const,
  level: 'medium' as const,
  categoryId: 1,
  subcategoryId: 11,
  ownerId: 'u1',
  disabledAt: null,
};

const lesson = (id: number, title: string, values: Partial<EditableLesson> = {}): EditableLesson => ({
  id,
  title,
  kind: 'video',
  isPreview: false,
  durationSeconds: 60,
  body: null,
  courseVideo: null,
  videoState: 'ready',
  resourceName: null,
  ...values,
});

/** A server that keeps the curriculum and answers each change as the API does. */
function curriculumServer() {
  let nextId = 100;
  const state: EditableCurriculum = {
    courseId: 4,
    sections: [
      {
        id: 1,
        title: 'Contenido del curso',
        lessons: [lesson(11, 'Introducción', { isPreview: true, courseVideo: 'intro', durationSeconds: 30 }), lesson(12, 'React desde cero', { courseVideo: 'main', durationSeconds: 600 })],
      },
    ],
    lessonCount: 2,
    totalSeconds: 630,
    durationHours: 1,
    limits: { maxSections: 50, maxLessons: 300 },
  };
  const answer = () => {
    const lessons = state.sections.flatMap((section) => section.lessons);
    state.lessonCount = lessons.length;
    state.totalSeconds = lessons.reduce((sum, item) => sum + item.durationSeconds, 0);
    return structuredClone(state);
  };
  const spy = mockApi({
    getSession: () => session,
    getMe: () => ({ ...session.user, createdCoursesCount: 1 }),
    getEarnings: () => makeEarnings(),
    getCourseForEdit: () => course,
    getCourseVideoProcessing: () => ({ items: [] }),
    getCategories: () => ({ items: [{ id: 1, name: 'Programación', subcategories: [{ id: 11, name: 'Python' }] }] }),
    getCurriculumForEdit: () => answer(),
    // The certificate's section of the page has its own tests (teaching's certificate-rules-editor.test.tsx).
    getCertificateRules: () => ({ courseId: 4, quizzes: [], assignments: [] }),
    addCurriculumSection: ({ body }) => {
      state.sections.push({ id: nextId++, title: body.title, lessons: [] });
      return jsonResponse(answer(), 201);
    },
    renameCurriculumSection: ({ params, body }) => {
      state.sections.find((section) => section.id === params.sectionId)!.title = body.title;
      return answer();
    },
    deleteCurriculumSection: ({ params }) => {
      state.sections = state.sections.filter((section) => section.id !== params.sectionId);
      return answer();
    },
    addCurriculumLesson: ({ params, body }) => {
      const section = state.sections.find((item) => item.id === params.sectionId)!;
      const text = body.kind === 'text' ? { kind: 'text' as const, body: body.body, videoState: null, durationSeconds: 3 } : {};
      section.lessons.push(lesson(nextId++, body.title, text));
      return jsonResponse(answer(), 201);
    },
    updateCurriculumLesson: ({ params, body }) => {
      const found = state.sections.flatMap((section) => section.lessons).find((item) => item.id === params.lessonId)!;
      if (body.isPreview != null) found.isPreview = body.isPreview;
      if (body.title != null) found.title = body.title;
      return answer();
    },
    deleteCurriculumLesson: ({ params }) => {
      for (const section of state.sections) section.lessons = section.lessons.filter((item) => item.id !== params.lessonId);
      return answer();
    },
    reorderCurriculum: ({ body }) => {
      const lessons = new Map(state.sections.flatMap((section) => section.lessons).map((item) => [item.id, item]));
      const sections = new Map(state.sections.map((section) => [section.id, section]));
      state.sections = body.sections.map(({ id, lessonIds }) => ({ ...sections.get(id)!, lessons: lessonIds.map((lessonId) => lessons.get(lessonId)!) }));
      return answer();
    },
  }, {
    // The image is the body (not JSON): judged here, as the server does, by its first bytes.
    'POST /api/courses/4/lesson-images': async (request) => {
      const head = new Uint8Array(await request.arrayBuffer()).subarray(0, 4);
      if (head[0] !== 0x89 || head[1] !== 0x50) return jsonResponse({ error: { code: 'LESSON_IMAGE_NOT_IMAGE', message: 'not an image' } }, 415);
      return jsonResponse({ id: IMAGE_ID, url: `/api/lesson-images/${IMAGE_ID}`, contentType: 'image/png', sizeBytes: 8 }, 201);
    },
  });
  return { spy, state };
}

const IMAGE_ID = '0b7c4b8e-4a7e-4f52-9d1e-3c1f2a9b8c7d';

/**
 * happy-dom lays nothing out: every box is empty, and the keyboard sensor (which moves an item
 * to the nearest box below or above) would find nowhere to go. Each sortable item gets a box
 * in document order, so sections and lessons stack as on screen.
 */
function layOutSortableItems() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.hasAttribute('data-curriculum-item')) return original.call(this);
    const index = [...document.querySelectorAll('[data-curriculum-item]')].indexOf(this);
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, width: 600, height: 50, right: 600, bottom: top + 50, toJSON: () => ({}) } as DOMRect;
  });
}

const sectionNames = () => screen.getAllByRole('listitem', { name: /^Sección \d+:/ }).map((item) => item.getAttribute('aria-label'));
const lessonNames = (section: HTMLElement) => within(within(section).getByRole('list', { name: /^Lecciones de/ })).queryAllByRole('listitem')
    .flatMap((item) => item.getAttribute('aria-label') ?? []);

describe('the curriculum editor on /course/editcourse/:id', () => {
  beforeEach(layOutSortableItems);
  afterEach(() => vi.restoreAllMocks());

  it('lists the sections and lessons, with the course videos that cannot be removed', { timeout: 60_000 }, async () => {
    curriculumServer();
    renderApp('/course/editcourse/4');
    expect(await screen.findByRole('heading', { name: 'Temario' })).toBeInTheDocument();
    const [section] = await screen.findAllByRole('listitem', { name: /^Sección 1:/ });
    expect(lessonNames(section!)).toEqual(['Introducción', 'React desde cero']);
    expect(within(section!).getByText('Introducción del curso')).toBeInTheDocument();
    expect(within(section!).queryByRole('button', { name: 'Eliminar la lección Introducción' })).toBeNull();
    expect(within(section!).queryByRole('button', { name: /^Eliminar la sección/ })).toBeNull();
    expect(within(section!).getByRole('switch', { name: 'Vista previa gratuita: Introducción' })).toBeChecked();
    expect(screen.getByText('Duración total: 10:30')).toBeInTheDocument();
  });

  it('adds a section with a text lesson, switches a free preview, renames, and removes after a confirmation', { timeout: 60_000 }, async () => {
    const { spy } = curriculumServer();
    const { user } = renderApp('/course/editcourse/4');
    await user.type(await screen.findByRole('textbox', { name: 'Nueva sección' }), 'Práctica');
    await user.click(screen.getByRole('button', { name: 'Añadir sección' }));
    const practice = await screen.findByRole('listitem', { name: 'Sección 2: Práctica' });
    expect(requestsTo(spy, endpoints.addCurriculumSection).map((sent) => sent.body)).toEqual([{ title: 'Práctica' }]);
    expect(within(practice).getByText('Todavía no hay lecciones.')).toBeInTheDocument();

    await user.click(within(practice).getByRole('button', { name: 'Añadir lección a Práctica' }));
    const form = within(practice).getByRole('form', { name: 'Añadir lección a Práctica' });
    await user.type(within(form).getByRole('textbox', { name: /^Título de la lección/ }), 'Lectura');
    await user.type(within(form).getByRole('textbox', { name: /^Texto \(Markdown\)/ }), '# Hola');
    await user.click(within(form).getByRole('button', { name: 'Añadir lección' }));
    await waitFor(() => expect(lessonNames(practice)).toEqual(['Lectura']));
    expect(requestsTo(spy, endpoints.addCurriculumLesson).map((sent) => sent.body)).toEqual([{ kind: 'text', title: 'Lectura', body: '# Hola' }]);

    await user.click(within(practice).getByRole('switch', { name: 'Vista previa gratuita: Lectura' }));
    await waitFor(() => expect(within(practice).getByRole('switch', { name: 'Vista previa gratuita: Lectura' })).toBeChecked());
    expect(requestsTo(spy, endpoints.updateCurriculumLesson).map((sent) => sent.body)).toEqual([{ isPreview: true }]);

    await user.click(within(practice).getByRole('button', { name: 'Renombrar Práctica' }));
    const field = within(practice).getByRole('textbox', { name: 'Título de la sección' });
    await user.clear(field);
    await user.type(field, 'Ejercicios{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Sección 2: Ejercicios' })).toBeInTheDocument();

    // Removing asks first; cancelling keeps the lesson.
    const exercises = screen.getByRole('listitem', { name: 'Sección 2: Ejercicios' });
    await user.click(within(exercises).getByRole('button', { name: 'Eliminar la lección Lectura' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Eliminar la lección Lectura?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(lessonNames(screen.getByRole('listitem', { name: 'Sección 2: Ejercicios' }))).toEqual([]));
    expect(within(screen.getByRole('listitem', { name: 'Sección 2: Ejercicios' })).getByText('Todavía no hay lecciones.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('listitem', { name: 'Sección 2: Ejercicios' })).getByRole('button', { name: 'Eliminar la sección Ejercicios' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(sectionNames()).toEqual(['Sección 1: Contenido del curso']));
    expect(requestsTo(spy, endpoints.deleteCurriculumSection)).toHaveLength(1);
  });

  it('inserts an uploaded image into a text lesson as Markdown naming the app’s own URL; a file that is no image is refused with a translated message', { timeout: 60_000 }, async () => {
    const { spy } = curriculumServer();
    const { user } = renderApp('/course/editcourse/4');
    const [section] = await screen.findAllByRole('listitem', { name: /^Sección 1:/ });
    await user.click(within(section!).getByRole('button', { name: /^Añadir lección a/ }));
    const form = within(section!).getByRole('form', { name: /^Añadir lección a/ });
    await user.type(within(form).getByRole('textbox', { name: /^Título de la lección/ }), 'Lectura con diagrama');
    const body = within(form).getByRole('textbox', { name: /^Texto \(Markdown\)/ });
    await user.type(body, 'Mira el flujo:');
    expect(within(form).getByRole('button', { name: 'Insertar imagen' })).toBeInTheDocument();
    const picker = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker.accept).toBe('image/jpeg,image/png,image/webp,image/gif');

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'diagrama-flujo.png', { type: 'image/png' });
    await user.upload(picker, png);
    await waitFor(() => expect(body).toHaveValue(`Mira el flujo:\n\n![diagrama flujo](/api/lesson-images/${IMAGE_ID})\n`));
    expect(await screen.findByText('Imagen insertada en el texto')).toBeInTheDocument();

    // A renamed file is judged by its content: the server's refusal is shown in Spanish, and the text stays as it was.
    const fake = new File(['<svg onload=alert(1)>'], 'foto.png', { type: 'image/png' });
    await user.upload(form.querySelector<HTMLInputElement>('input[type="file"]')!, fake);
    expect(await screen.findByText('El archivo no es una imagen: sube una imagen JPEG, PNG, WebP o GIF (no se aceptan SVG).')).toBeInTheDocument();
    expect(body).toHaveValue(`Mira el flujo:\n\n![diagrama flujo](/api/lesson-images/${IMAGE_ID})\n`);

    await user.click(within(form).getByRole('button', { name: 'Añadir lección' }));
    await waitFor(() => expect(requestsTo(spy, endpoints.addCurriculumLesson)).toHaveLength(1));
    expect(requestsTo(spy, endpoints.addCurriculumLesson)[0]!.body).toEqual({ kind: 'text', title: 'Lectura con diagrama', body: `Mira el flujo:\n\n![diagrama flujo](/api/lesson-images/${IMAGE_ID})\n` });
  });

  it('reorders lessons and sections from the keyboard, announcing each move', { timeout: 60_000 }, async () => {
    const { spy, state } = curriculumServer();
    state.sections.push({ id: 2, title: 'Práctica', lessons: [lesson(21, 'Ejercicio', { kind: 'text', body: 'Hazlo', videoState: null })] });
    const { user } = renderApp('/course/editcourse/4');
    await screen.findByRole('listitem', { name: 'Sección 2: Práctica' });

    // The main video one place up, before the intro.
    screen.getByRole('button', { name: 'Mover la lección React desde cero' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() => expect(lessonNames(screen.getByRole('listitem', { name: 'Sección 1: Contenido del curso' }))).toEqual(['React desde cero', 'Introducción']));
    expect(requestsTo(spy, endpoints.reorderCurriculum).at(-1)!.body).toEqual({
      sections: [
        { id: 1, lessonIds: [12, 11] },
        { id: 2, lessonIds: [21] },
      ],
    });
    expect(await screen.findByText(/Soltaste React desde cero en la posición 1 de 2/)).toBeInTheDocument();

    // The second section above the first.
    screen.getByRole('button', { name: 'Mover la sección Práctica' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() => expect(sectionNames()).toEqual(['Sección 1: Práctica', 'Sección 2: Contenido del curso']));
    expect(requestsTo(spy, endpoints.reorderCurriculum).at(-1)!.body).toEqual({
      sections: [
        { id: 2, lessonIds: [21] },
        { id: 1, lessonIds: [12, 11] },
      ],
    });
  });
});
