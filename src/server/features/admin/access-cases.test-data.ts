import type { AccessRule } from '../../access-cases.test-support';

const courseEdit = {
  title: 'Python desde cero, edición revisada',
  teacherName: 'Ana Torres',
  description: 'Un curso completo de Python para empezar desde cero.',
  priceCents: 2499,
  durationHours: 12,
  level: 'medium',
  language: 'spanish',
  imageUrl: 'https://example.com/python.png',
};

/** Admin routes the table cannot call on the path alone; every admin route admits admins only. */
export const accessRules: AccessRule[] = [
  { route: 'GET /api/admin/courses/:id', request: (f) => ({ url: `/api/admin/courses/${f.courseId}` }) },
  {
    route: 'PATCH /api/admin/courses/:id',
    request: (f) => ({ url: `/api/admin/courses/${f.courseId}`, payload: courseEdit }),
  },
  { route: 'POST /api/admin/courses/:id/disable', request: (f) => ({ url: `/api/admin/courses/${f.courseId}/disable` }) },
  // The fixture's course is active, so the admin is told it is enabled already.
  { route: 'POST /api/admin/courses/:id/enable', request: (f) => ({ url: `/api/admin/courses/${f.courseId}/enable` }), status: 409 },

  { route: 'GET /api/admin/users/:id', request: (f) => ({ url: `/api/admin/users/${f.userIds.buyer}` }) },
  {
    route: 'PATCH /api/admin/users/:id',
    request: (f) => ({ url: `/api/admin/users/${f.userIds.other}`, payload: { name: 'Renamed by admin', image: '' } }),
  },
  { route: 'POST /api/admin/users/:id/disable', request: (f) => ({ url: `/api/admin/users/${f.userIds.other}/disable` }) },
  { route: 'POST /api/admin/users/:id/enable', request: (f) => ({ url: `/api/admin/users/${f.userIds.disabled}/enable` }) },
  { route: 'POST /api/admin/users/:id/make-admin', request: (f) => ({ url: `/api/admin/users/${f.userIds.other}/make-admin` }) },

  { route: 'POST /api/admin/categories', request: () => ({ url: '/api/admin/categories', payload: { name: 'Diseño' } }), status: 201 },
  {
    route: 'PATCH /api/admin/categories/:id',
    request: (f) => ({ url: `/api/admin/categories/${f.categoryId}`, payload: { name: 'Desarrollo' } }),
  },
  { route: 'POST /api/admin/categories/:id/disable', request: (f) => ({ url: `/api/admin/categories/${f.categoryId}/disable` }) },
  // The fixture's category is enabled, so the admin is told so.
  { route: 'POST /api/admin/categories/:id/enable', request: (f) => ({ url: `/api/admin/categories/${f.categoryId}/enable` }), status: 409 },
  {
    route: 'POST /api/admin/categories/:id/subcategories',
    request: (f) => ({ url: `/api/admin/categories/${f.categoryId}/subcategories`, payload: { name: 'Django' } }),
    status: 201,
  },
  {
    route: 'PATCH /api/admin/subcategories/:id',
    request: (f) => ({ url: `/api/admin/subcategories/${f.subcategoryId}`, payload: { name: 'Python avanzado' } }),
  },
  {
    route: 'POST /api/admin/subcategories/:id/disable',
    request: (f) => ({ url: `/api/admin/subcategories/${f.subcategoryId}/disable` }),
  },
  {
    route: 'POST /api/admin/subcategories/:id/enable',
    request: (f) => ({ url: `/api/admin/subcategories/${f.subcategoryId}/enable` }),
    status: 409,
  },

  // The fixture holds no contact message: the admin passes the guard and is told it is not there.
  { route: 'DELETE /api/admin/messages/:id', request: () => ({ url: '/api/admin/messages/1' }), status: 404 },
];
