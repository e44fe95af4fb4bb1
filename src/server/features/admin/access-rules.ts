import { allow, type AccessRule } from '../../access-rules';

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

/** Every admin route: 401 for visitors and disabled accounts, 403 for any other non-admin. */
export const accessRules: AccessRule[] = [
  { route: 'GET /api/admin/dashboard', expect: allow.admins() },

  { route: 'GET /api/admin/courses', expect: allow.admins() },
  { route: 'GET /api/admin/courses/:id', request: (f) => ({ url: `/api/admin/courses/${f.courseId}` }), expect: allow.admins() },
  {
    route: 'PATCH /api/admin/courses/:id',
    request: (f) => ({ url: `/api/admin/courses/${f.courseId}`, payload: courseEdit }),
    expect: allow.admins(),
  },
  { route: 'POST /api/admin/courses/:id/disable', request: (f) => ({ url: `/api/admin/courses/${f.courseId}/disable` }), expect: allow.admins() },
  // The fixture's course is active, so the admin is told it is enabled already.
  { route: 'POST /api/admin/courses/:id/enable', request: (f) => ({ url: `/api/admin/courses/${f.courseId}/enable` }), expect: allow.admins(409) },

  { route: 'GET /api/admin/users', expect: allow.admins() },
  { route: 'GET /api/admin/users/:id', request: (f) => ({ url: `/api/admin/users/${f.userIds.buyer}` }), expect: allow.admins() },
  {
    route: 'PATCH /api/admin/users/:id',
    request: (f) => ({ url: `/api/admin/users/${f.userIds.other}`, payload: { name: 'Renamed by admin', image: '' } }),
    expect: allow.admins(),
  },
  { route: 'POST /api/admin/users/:id/disable', request: (f) => ({ url: `/api/admin/users/${f.userIds.other}/disable` }), expect: allow.admins() },
  { route: 'POST /api/admin/users/:id/enable', request: (f) => ({ url: `/api/admin/users/${f.userIds.disabled}/enable` }), expect: allow.admins() },
  { route: 'POST /api/admin/users/:id/make-admin', request: (f) => ({ url: `/api/admin/users/${f.userIds.other}/make-admin` }), expect: allow.admins() },

  { route: 'GET /api/admin/categories', expect: allow.admins() },
  { route: 'POST /api/admin/categories', request: () => ({ url: '/api/admin/categories', payload: { name: 'Diseño' } }), expect: allow.admins(201) },
  {
    route: 'PATCH /api/admin/categories/:id',
    request: (f) => ({ url: `/api/admin/categories/${f.categoryId}`, payload: { name: 'Desarrollo' } }),
    expect: allow.admins(),
  },
  { route: 'POST /api/admin/categories/:id/disable', request: (f) => ({ url: `/api/admin/categories/${f.categoryId}/disable` }), expect: allow.admins() },
  // The fixture's category is enabled, so the admin is told so.
  { route: 'POST /api/admin/categories/:id/enable', request: (f) => ({ url: `/api/admin/categories/${f.categoryId}/enable` }), expect: allow.admins(409) },
  {
    route: 'POST /api/admin/categories/:id/subcategories',
    request: (f) => ({ url: `/api/admin/categories/${f.categoryId}/subcategories`, payload: { name: 'Django' } }),
    expect: allow.admins(201),
  },
  {
    route: 'PATCH /api/admin/subcategories/:id',
    request: (f) => ({ url: `/api/admin/subcategories/${f.subcategoryId}`, payload: { name: 'Python avanzado' } }),
    expect: allow.admins(),
  },
  {
    route: 'POST /api/admin/subcategories/:id/disable',
    request: (f) => ({ url: `/api/admin/subcategories/${f.subcategoryId}/disable` }),
    expect: allow.admins(),
  },
  {
    route: 'POST /api/admin/subcategories/:id/enable',
    request: (f) => ({ url: `/api/admin/subcategories/${f.subcategoryId}/enable` }),
    expect: allow.admins(409),
  },

  { route: 'GET /api/admin/messages', expect: allow.admins() },
  // The fixture holds no contact message: the admin passes the guard and is told it is not there.
  { route: 'DELETE /api/admin/messages/:id', request: () => ({ url: '/api/admin/messages/1' }), expect: allow.admins(404) },

  { route: 'GET /api/admin/audit', expect: allow.admins() },
];
