import { randomUUID } from 'node:crypto';
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
];
