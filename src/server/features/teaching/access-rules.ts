import { randomUUID } from 'node:crypto';
import { allow, type AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [
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
    expect: allow.signedIn(400),
  },
  { route: 'GET /api/courses/mine', expect: allow.signedIn() },
  {
    route: 'GET /api/courses/:id/edit',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/edit` }),
    expect: allow.ownerOrAdmin(),
  },
  {
    route: 'PATCH /api/courses/:id',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}`, payload: { priceCents: 1250 } }),
    expect: allow.ownerOrAdmin(),
  },
];
