import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadedVideo } from '../../../../shared/schemas/media';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import type { Session } from '../../../session/get-session';
import type { TeacherSales } from '../../../../shared/schemas/teacher-sales';
import { setLanguage } from '../../../i18n';
import { makeEarnings } from '../../../testing/payout-fixtures';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};

/** What the layout asks for a signed-in user. */
const signedIn = {
  getSession: () => session,
  getMe: () => ({ ...session.user, createdCoursesCount: 2 }),
  // The payout account card on /coursescreated (its own tests: components/payout-account-card.test.tsx).
  getEarnings: () => makeEarnings(),
};

const video = (id: string, durationSeconds: number, width = 640, height = 360): UploadedVideo => ({
  id,
  width,
  height,
  durationSeconds,
  sizeBytes: 1000,
  createdAt: '2024-01-01T00:00:00.000Z',
  url: pathFor(endpoints.streamVideo, { token: id }),
});

// recharts measures its container, which happy-dom never lays out (it warns of a 0×0 chart):
// the bars are left out; the figures they draw are the chart's table, which the tests read.
vi.mock('../../../components/revenue-bars', () => ({ RevenueBars: () => null }));

// The pages load lazily with the upload client: the first render takes longer than the default second.
configure({ asyncUtilTimeout: 8000 });

const categories = { items: [{ id: 1, name: 'Programación', subcategories: [{ id: 11, name: 'Python' }] }] };

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('textbox', { name: /^Título/ }));
  await user.paste('Python desde cero');
  await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
  await user.click(await screen.findByRole('option', { name: 'Programación' }));
  await user.click(screen.getByRole('combobox', { name: /^Subcategoría/ }));
  await user.click(await screen.findByRole('option', { name: 'Python' }));
  await user.click(screen.getByRole('textbox', { name: /^Descripción/ }));
  await user.paste('Aprende Python paso a paso.');
  await user.click(screen.getByRole('combobox', { name: /^Idioma/ }));
  await user.click(await screen.findByRole('option', { name: 'Español' }));
  await user.click(screen.getByRole('combobox', { name: /^Nivel/ }));
  await user.click(await screen.findByRole('option', { name: 'Fácil' }));
  await user.click(screen.getByRole('textbox', { name: /^Precio/ }));
  await user.paste('15');
}

describe('/form', () => {
  it('sends visitors to the sign-in form, which comes back here', async () => {
    mockApi({ getSession: () => null });
    const { router } = renderApp('/form');
    // The sign-in form, which comes back here.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/register?mode=signin&next=%2Fform');
  });

  it('keeps submit disabled with every field valid but only one video', { timeout: 60_000 }, async () => {
    mockApi({
      ...signedIn,
      getCategories: () => categories,
      getMyUploads: () => ({ items: [video('a0000000-0000-4000-8000-000000000001', 30)] }),
    });
    const { user } = renderApp('/form');
    const submit = await screen.findByRole('button', { name: 'Crear curso' });
    expect(screen.getByRole('textbox', { name: /^Nombre del profesor/ })).toHaveValue('Laura Martínez');
    await fillForm(user);
    expect(screen.getByText('27 / 200 caracteres')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('shows the spec messages under the fields once they are left', { timeout: 60_000 }, async () => {
    mockApi({
      ...signedIn,
      getCategories: () => categories,
      getMyUploads: () => ({ items: [] }),
    });
    const { user } = renderApp('/form');
    const title = await screen.findByRole('textbox', { name: /^Título/ });
    await user.click(title);
    await user.tab();
    expect(await screen.findByText('Debe ingresar un título')).toBeInTheDocument();
    const teacher = screen.getByRole('textbox', { name: /^Nombre del profesor/ });
    await user.clear(teacher);
    await user.tab();
    expect(await screen.findByText('Debe ingresar el nombre del profesor')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Descripción/ }), 'corta');
    await user.tab();
    expect(await screen.findByText('Debe tener entre 15 y 200 caracteres')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await screen.findByText('Debe ingresar una categoría')).toBeInTheDocument();
    expect(screen.getByText('No hay videos')).toBeInTheDocument();
  });
});

describe('/form with two videos', () => {
  it('creates the course with both videos, intro first', { timeout: 60_000 }, async () => {
    let sent: { videoIds?: string[]; priceCents?: number; title?: string } | undefined;
    const intro = video('a0000000-0000-4000-8000-000000000001', 30);
    const main = video('a0000000-0000-4000-8000-000000000002', 600, 360, 640);
    mockApi({
      ...signedIn,
      getCategories: () => categories,
      getMyUploads: () => ({ items: [intro, main] }),
      createCourse: async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return jsonResponse({ id: 9 }, 201);
      },
    });
    const { user } = renderApp('/form');
    const submit = await screen.findByRole('button', { name: 'Crear curso' });
    const list = await screen.findByRole('list', { name: 'Videos subidos' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Introducción')).toBeInTheDocument();
    // Landscape at 350×300, portrait at 220×385.
    expect(items[0]!.querySelector('video')).toHaveAttribute('width', '350');
    expect(items[1]!.querySelector('video')).toHaveAttribute('height', '385');
    expect(screen.getByRole('button', { name: 'Crear curso' })).toBeDisabled();

    await fillForm(user);
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('¡Curso creado!')).toBeInTheDocument();
    expect(screen.getByText('¡Creación exitosa!')).toBeInTheDocument();
    expect(sent).toMatchObject({ title: 'Python desde cero', priceCents: 1500, videoIds: [intro.id, main.id] });
  });

  it('refuses an intro longer than a minute, and lets the two be swapped', { timeout: 60_000 }, async () => {
    const long = video('a0000000-0000-4000-8000-000000000001', 75);
    const short = video('a0000000-0000-4000-8000-000000000002', 40);
    mockApi({
      ...signedIn,
      getCategories: () => categories,
      getMyUploads: () => ({ items: [long, short] }),
    });
    const { user } = renderApp('/form');
    expect(await screen.findByText('El primer video es la introducción y debe durar como máximo 60 segundos')).toBeInTheDocument();
    await fillForm(user);
    expect(screen.getByRole('button', { name: 'Crear curso' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Intercambiar orden' }));
    expect(screen.queryByText('El primer video es la introducción y debe durar como máximo 60 segundos')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crear curso' })).toBeEnabled());
  });
});

describe('/coursescreated', () => {
  const created = {
    items: [
      { id: 3, title: 'Python', description: 'Un curso de Python.', imageUrl: null, priceCents: 0, ratingAverage: 0, ratingCount: 0, disabledAt: null },
      { id: 4, title: 'React', description: 'Un curso de React.', imageUrl: 'https://img.example.com/r.png', priceCents: 1999, ratingAverage: 3.6, ratingCount: 5, disabledAt: null },
    ],
  };
  /** 30 days ending today, with sales on the last two. */
  const daily = Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10),
    revenueCents: index === 28 ? 1999 : index === 29 ? 5997 : 0,
  }));
  const sales: TeacherSales = {
    courses: [
      { id: 4, title: 'React', revenueCents: 7996, sales: 4, couponSales: 2, referralSales: 1, students: 4, ratings: [0, 1, 1, 2, 1] },
      { id: 3, title: 'Python', revenueCents: 0, sales: 0, couponSales: 0, referralSales: 0, students: 12, ratings: [0, 0, 0, 0, 0] },
    ],
    totals: { revenueCents: 7996, sales: 4, students: 16 },
    daily,
  };
  /** The one list of created courses. */
  const createdTable = () => screen.findByRole('table', { name: 'Cursos creados' });

  it('lists each course once, with cover link, rating or "Sin reseña", price, revenue, students, an edit link and its videos', async () => {
    mockApi({
      ...signedIn,
      getCreatedCourses: () => created,
      getMySales: () => sales,
      getMyVideoProcessing: () => ({
        items: [
          { courseId: 3, position: 1, state: 'ready', percent: 100, failure: null },
          { courseId: 3, position: 2, state: 'processing', percent: 42, failure: null },
          { courseId: 4, position: 1, state: 'queued', percent: 0, failure: null },
          { courseId: 4, position: 2, state: 'failed', percent: 0, failure: 'unreadable' },
        ],
      }),
    });
    renderApp('/coursescreated');
    const table = await createdTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Portada', 'Título del curso', 'Calificación', 'Precio', 'Ingresos', 'Estudiantes', 'Acciones']);
    const [, python, react] = within(table).getAllByRole('row');
    expect(within(python!).getByText('Sin reseña')).toBeInTheDocument();
    expect(within(python!).getByText('GRATIS')).toBeInTheDocument();
    expect(within(python!).getByRole('link', { name: 'Portada de Python' })).toHaveAttribute('href', '/course/3');
    expect(within(react!).getByText('3,6 de 5')).toBeInTheDocument();
    expect(within(react!).getByText('$19.99 USD')).toBeInTheDocument();
    expect(within(react!).getByRole('link', { name: 'Editar React' })).toHaveAttribute('href', '/course/editcourse/4');
    // The sales figures join each course's row once they arrive.
    expect(await within(react!).findByText('$79.96 USD')).toBeInTheDocument();
    expect([...python!.querySelectorAll('td')].slice(4, 6).map((cell) => cell.textContent)).toEqual(['$0 USD', '12']);
    // Each video's processing.
    expect(await within(python!).findByText('Video principal: procesando 42 %')).toBeInTheDocument();
    expect(within(python!).getByText('Introducción: listo')).toBeInTheDocument();
    expect(within(react!).getByText('Introducción: en cola')).toBeInTheDocument();
    expect(within(react!).getByText('Video principal: falló: no se pudo leer el video')).toBeInTheDocument();
    // One list: no second table of the same courses, and no rating chart per row.
    expect(screen.queryByRole('table', { name: 'Ventas por curso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Calificaciones de React' })).not.toBeInTheDocument();
  });

  it('summarises first: courses, students, net revenue, sales and the average rating, and 30 days of revenue', async () => {
    mockApi({ ...signedIn, getCreatedCourses: () => created, getMySales: () => sales, getMyVideoProcessing: () => ({ items: [] }) });
    renderApp('/coursescreated');
    const summary = await screen.findByRole('region', { name: 'Resumen' });
    // Above the list of courses.
    expect(summary.compareDocumentPosition(await createdTable()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await within(summary).findByText('$79.96 USD');
    const figures = within(summary)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Cursos', '2'],
      ['Estudiantes', '16'],
      ['Ingresos netos', '$79.96 USD'],
      ['Ventas', '4'],
      // Weighted by reviews: Python has none, React 3.6 over five.
      ['Calificación media', '3,6 de 5'],
    ]);
    expect(within(summary).getByText('5 reseñas')).toBeInTheDocument();
    expect(within(summary).getByText('Lo reembolsado no cuenta, aunque se haya devuelto un solo curso de un pedido.')).toBeInTheDocument();
    const chart = within(summary).getByRole('figure', { name: 'Ingresos por día (últimos 30 días)' });
    const days = within(chart).getByRole('table', { name: 'Ingresos por día, total $79.96 USD' });
    expect(within(days).getAllByRole('row')).toHaveLength(31);
    expect(within(days).getByRole('row', { name: '30 mar $59.97 USD' })).toBeInTheDocument();
  });

  it('pages the list ten courses at a time and searches it by title, accents aside', async () => {
    const many = Array.from({ length: 23 }, (_, index) => ({
      ...created.items[0]!,
      id: 100 - index,
      title: index === 17 ? 'Programación funcional' : `Curso ${index + 1}`,
    }));
    mockApi({ ...signedIn, getCreatedCourses: () => ({ items: many }), getMySales: () => ({ ...sales, courses: [] }), getMyVideoProcessing: () => ({ items: [] }) });
    const { user } = renderApp('/coursescreated');
    const rows = async () => within(await createdTable()).getAllByRole('row').slice(1);
    expect(await rows()).toHaveLength(10);
    expect((await rows())[0]).toHaveTextContent('Curso 1');
    const pages = screen.getByRole('navigation', { name: 'Páginas de cursos' });
    expect(within(pages).getByText('23 cursos')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Página 3' }));
    expect(await rows()).toHaveLength(3);
    expect((await rows())[0]).toHaveTextContent('Curso 21');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'programacion');
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]).toHaveTextContent('Programación funcional');
    expect(screen.queryByRole('navigation', { name: 'Páginas de cursos' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'xyz');
    expect(await screen.findByText('Ningún curso coincide con la búsqueda.')).toBeInTheDocument();
  });

  it('shows one course’s detail on demand: its sales, where they came from, and its ratings', async () => {
    mockApi({ ...signedIn, getCreatedCourses: () => created, getMySales: () => sales, getMyVideoProcessing: () => ({ items: [] }) });
    const { user } = renderApp('/coursescreated');
    const table = await createdTable();
    await within(table).findByText('$79.96 USD');
    await user.click(within(table).getByRole('button', { name: 'Detalles de React' }));
    const dialog = await screen.findByRole('dialog', { name: 'React: ventas y calificaciones' });
    expect(within(dialog).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Ingresos', '$79.96 USD'],
      ['Ventas', '4'],
      ['Estudiantes', '4'],
      ['Con cupón', '2'],
      ['Referidas', '1'],
    ]);
    const ratings = within(dialog).getByRole('list', { name: 'Calificaciones de React' });
    expect(within(ratings).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '5 estrellas20 %(1)1 reseña',
      '4 estrellas40 %(2)2 reseñas',
      '3 estrellas20 %(1)1 reseña',
      '2 estrellas20 %(1)1 reseña',
      '1 estrella0 %(0)0 reseñas',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Ver el curso React' })).toHaveAttribute('href', '/course/4');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says it in English', async () => {
    await act(() => setLanguage('en'));
    mockApi({ ...signedIn, getCreatedCourses: () => created, getMySales: () => sales, getMyVideoProcessing: () => ({ items: [] }) });
    renderApp('/coursescreated');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await within(summary).findByText('$79.96 USD');
    expect(within(summary).getAllByRole('term').map((term) => term.textContent)).toEqual(['Courses', 'Students', 'Net revenue', 'Sales', 'Average rating']);
    expect(within(summary).getByRole('figure', { name: 'Revenue per day (last 30 days)' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Courses created' });
    expect(within(table).getByRole('button', { name: 'Details of React' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toBeInTheDocument();
  });

  it('shows the new cover once the intro’s processing ends, without a reload', { timeout: 30_000 }, async () => {
    const poster = '/api/videos/courses/3/poster.jpg?v=m1x2y3';
    let introReady = false;
    let listFetches = 0;
    mockApi({
      ...signedIn,
      getCreatedCourses: () => {
        listFetches++;
        // The transcode gives the course its intro's poster as it marks the intro ready.
        return { items: [{ ...created.items[0]!, imageUrl: introReady ? poster : '/covers/default.svg' }, created.items[1]!] };
      },
      getMySales: () => sales,
      getMyVideoProcessing: () => {
        const answer = {
          items: [
            { courseId: 3, position: 1, state: introReady ? ('ready' as const) : ('processing' as const), percent: introReady ? 100 : 60, failure: null },
            { courseId: 3, position: 2, state: 'ready' as const, percent: 100, failure: null },
          ],
        };
        // The next poll finds the intro done.
        introReady = true;
        return answer;
      },
    });
    renderApp('/coursescreated');
    const table = await createdTable();
    const cover = () => within(table).getByRole('img', { name: 'Portada de Python' });
    expect(await within(table).findByText('Introducción: procesando 60 %')).toBeInTheDocument();
    // No picture yet: the cover drawn for the storefront, the link still named for the course.
    expect(within(table).getByRole('link', { name: 'Portada de Python' }).querySelector('[data-cover="drawn"]')).not.toBeNull();
    // The next poll (a few seconds on) says the intro is ready: the list is asked for again, and shows the poster.
    expect(await within(table).findByText('Introducción: listo', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(cover()).toHaveAttribute('src', poster));
    expect(listFetches).toBe(2);
  });

  it('shows no summary to a teacher without courses', async () => {
    mockApi({ ...signedIn, getCreatedCourses: () => ({ items: [] }), getMySales: () => ({ courses: [], totals: { revenueCents: 0, sales: 0, students: 0 }, daily }), getMyVideoProcessing: () => ({ items: [] }) });
    renderApp('/coursescreated');
    expect(await screen.findByText('Aún no has creado cursos.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Resumen' })).not.toBeInTheDocument();
  });
});

describe('/course/editcourse/:id', () => {
  // The curriculum part of the page has its own tests (components/curriculum-editor.test.tsx).
  const emptyCurriculum = { courseId: 4, sections: [], lessonCount: 0, totalSeconds: 0, durationHours: 0, limits: { maxSections: 50, maxLessons: 300 } };
  const course = {
    id: 4,
    title: 'React desde cero',
    imageUrl: '/covers/web.svg',
    teacherName: 'Laura Martínez',
    description: 'Componentes, hooks y rutas.',
    durationHours: 10,
    priceCents: 1999,
    language: 'spanish' as const,
    level: 'medium' as const,
    categoryId: 1,
    subcategoryId: 11,
    ownerId: 'u1',
    disabledAt: null,
  };

  it('prefills the form, keeps submit disabled while a rule fails, and saves', { timeout: 60_000 }, async () => {
    let sent: Record<string, unknown> | undefined;
    mockApi({
      ...signedIn,
      getCourseForEdit: () => course,
      getCurriculumForEdit: () => emptyCurriculum,
      getCertificateRules: () => ({ courseId: 4, quizzes: [], assignments: [] }),
      getCourseVideoProcessing: () => ({
        items: [
          { courseId: 4, position: 1, state: 'ready', percent: 100, failure: null },
          { courseId: 4, position: 2, state: 'ready', percent: 100, failure: null },
        ],
      }),
      updateCourse: ({ body }) => {
        sent = body;
        return { ...course, ...sent };
      },
    });
    const { user } = renderApp('/course/editcourse/4');
    const title = await screen.findByRole('textbox', { name: /^Título/ });
    expect(title).toHaveValue('React desde cero');
    expect(screen.getByRole('textbox', { name: /^Precio/ })).toHaveValue('19.99');
    expect(await screen.findByText('Video principal: listo')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Guardar cambios' });
    expect(save).toBeEnabled();

    await user.clear(title);
    await user.tab();
    expect(await screen.findByText('Debe ingresar un título')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(title, 'React avanzado');
    await user.click(save);
    expect(await screen.findByText('¡Curso editado!')).toBeInTheDocument();
    expect(screen.getByText('En breve verás los cambios')).toBeInTheDocument();
    expect(sent).toMatchObject({ title: 'React avanzado', priceCents: 1999, imageUrl: '/covers/web.svg', level: 'medium' });
  });

  it('shows a failed video and queues it again on request', async () => {
    let retried: unknown;
    mockApi({
      ...signedIn,
      getCourseForEdit: () => course,
      getCurriculumForEdit: () => emptyCurriculum,
      getCertificateRules: () => ({ courseId: 4, quizzes: [], assignments: [] }),
      getCourseVideoProcessing: () => ({
        items: [
          { courseId: 4, position: 1, state: 'ready', percent: 100, failure: null },
          { courseId: 4, position: 2, state: 'failed', percent: 0, failure: 'timeout' },
        ],
      }),
      retryVideoProcessing: ({ params }) => {
        retried = params;
        return {
          items: [
            { courseId: 4, position: 1, state: 'ready', percent: 100, failure: null },
            { courseId: 4, position: 2, state: 'queued', percent: 0, failure: null },
          ],
        };
      },
      getMyVideoProcessing: () => ({ items: [] }),
    });
    const { user } = renderApp('/course/editcourse/4');
    expect(await screen.findByText('Video principal: falló: tardó demasiado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Video principal: en cola')).toBeInTheDocument();
    expect(retried).toEqual({ id: 4, position: 2 });
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('tells someone who may not edit the course so', async () => {
    mockApi({
      ...signedIn,
      getCourseForEdit: () => jsonResponse({ error: { code: 'FORBIDDEN', message: 'Only the course owner may do this' } }, 403),
    });
    renderApp('/course/editcourse/4');
    expect(await screen.findByRole('alert')).toHaveTextContent('No puedes editar este curso');
  });
});

describe('/uploadvideo', () => {
  it('shows the dropzone and "No hay videos" before any upload', async () => {
    mockApi({ ...signedIn, getMyUploads: () => ({ items: [] }) });
    renderApp('/uploadvideo');
    expect(await screen.findByText('No hay videos')).toBeInTheDocument();
    expect(screen.getByText('Arrastra tus videos aquí o haz clic para elegirlos')).toBeInTheDocument();
  });
});
