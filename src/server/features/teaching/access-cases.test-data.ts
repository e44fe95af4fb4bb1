import { randomUUID } from 'node:crypto';
import { maxDatabaseId } from '../../../shared/limits';
import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  // Each signed-in caller gets their own courses' sales only (the test in sales.test.ts checks the figures).
  { route: 'GET /api/teaching/sales' },
  // Only admins read another teacher's sales: the owner's, here.
  { route: 'GET /api/admin/users/:id/sales', request: (fixture) => ({ url: `/api/admin/users/${fixture.userIds.owner}/sales` }) },
  {
    // A complete form whose videos are not the caller's uploads: signed-in users reach the
    // validation (400), visitors and disabled accounts do not.
    route: 'POST /api/courses',
    request: (fixture) => ({
      url: '/api/courses',
      payload: {
        title: 'Curso de prueba',
        categoryId: fixture.categoryId,
        subcategoryId: fixture.subcategoryId,
        durationHours: 3,
        description: 'Una descripción suficientemente larga.',
        language: 'spanish',
        level: 'easy',
        priceCents: 1000,
        teacherName: 'Ana Torres',
        videoIds: [randomUUID(), randomUUID()],
      },
    }),
    status: 400,
  },
  {
    route: 'GET /api/courses/:id/edit',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/edit` }),
  },
  {
    route: 'PATCH /api/courses/:id',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}`, payload: { priceCents: 1250 } }),
  },
  // The curriculum editor. The rules may run in any order on the one fixture course, so each
  // leaves it able to take the next: the ids no row has answer 404, the refusals change nothing.
  { route: 'GET /api/courses/:id/curriculum', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum` }) },
  {
    route: 'POST /api/courses/:id/curriculum/sections',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum/sections`, payload: { title: 'Sección extra' } }),
    status: 201,
  },
  {
    route: 'PATCH /api/courses/:id/curriculum/sections/:sectionId',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum/sections/${maxDatabaseId}`, payload: { title: 'Otro nombre' } }),
    status: 404,
  },
  { route: 'DELETE /api/courses/:id/curriculum/sections/:sectionId', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum/sections/${maxDatabaseId}` }), status: 404 },
  {
    route: 'POST /api/courses/:id/curriculum/sections/:sectionId/lessons',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum/sections/${maxDatabaseId}/lessons`, payload: { kind: 'text', title: 'Lectura', body: 'Un texto.' } }),
    status: 404,
  },
  {
    route: 'PATCH /api/courses/:id/curriculum/lessons/:lessonId',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum/lessons/${maxDatabaseId}`, payload: { isPreview: true } }),
    status: 404,
  },
  { route: 'DELETE /api/courses/:id/curriculum/lessons/:lessonId', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum/lessons/${maxDatabaseId}` }), status: 404 },
  // An order naming a section the course does not have: refused whole.
  {
    route: 'PUT /api/courses/:id/curriculum/order',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/curriculum/order`, payload: { sections: [{ id: maxDatabaseId, lessonIds: [] }] } }),
    status: 400,
  },
];
