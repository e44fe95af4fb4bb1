import { maxDatabaseId, wholeNumberPattern } from './limits';

/**
 * Every page of the web app (spec section 2), in one table. The web router is built from
 * it, links are made with its helpers, and the server uses it to tell an app page from a
 * path that should answer 404.
 */
export const pagePatterns = {
  home: '/',
  register: '/register',
  allCourses: '/allcourses',
  course: '/course/:id',
  createCourse: '/form',
  cart: '/shop',
  myCourses: '/mycourses',
  player: '/mycourses/:id',
  favourites: '/favourites',
  coursesCreated: '/coursescreated',
  editCourse: '/course/editcourse/:id',
  uploadVideo: '/uploadvideo',
  checkout: '/formpage',
  paymentSuccess: '/formpage/success',
  paymentFailed: '/formpage/failed',
  about: '/about',
  contact: '/contact',
  admin: '/admin',
  adminCourses: '/admin/cursos',
  adminCourse: '/admin/cursos/:id',
  adminUsers: '/admin/usuarios',
  adminUser: '/admin/user/:id',
  adminOrders: '/admin/ordenes',
  adminMessages: '/admin/ContactUsd',
  messages: '/ContactUsd',
  adminCategories: '/admin/categorias',
  adminAudit: '/admin/auditoria',
  // The pages the links in account e-mails open (`?token=`).
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  approveEmailChange: '/approve-email-change',
  confirmEmailChange: '/confirm-email-change',
  // Last: any other single segment is a user's dashboard.
  dashboard: '/:userName',
} as const;

export type PageName = keyof typeof pagePatterns;

export const paths = {
  home: () => '/',
  /** `next`: where to come back to once signed in (kept only if `safeReturnPath` accepts it). */
  register: (next?: string) => (next ? `/register?${new URLSearchParams({ next })}` : '/register'),
  allCourses: (query?: URLSearchParams | string) => {
    const search = query?.toString();
    return search ? `/allcourses?${search}` : '/allcourses';
  },
  course: (id: number | string) => `/course/${id}`,
  createCourse: () => '/form',
  cart: () => '/shop',
  myCourses: () => '/mycourses',
  player: (id: number | string) => `/mycourses/${id}`,
  favourites: () => '/favourites',
  coursesCreated: () => '/coursescreated',
  editCourse: (id: number | string) => `/course/editcourse/${id}`,
  uploadVideo: () => '/uploadvideo',
  checkout: () => '/formpage',
  paymentSuccess: () => '/formpage/success',
  paymentFailed: () => '/formpage/failed',
  about: () => '/about',
  contact: () => '/contact',
  admin: () => '/admin',
  adminCourses: () => '/admin/cursos',
  adminCourse: (id: number | string) => `/admin/cursos/${id}`,
  adminUsers: () => '/admin/usuarios',
  adminUser: (id: string) => `/admin/user/${encodeURIComponent(id)}`,
  adminOrders: () => '/admin/ordenes',
  adminMessages: () => '/admin/ContactUsd',
  messages: () => '/ContactUsd',
  adminCategories: () => '/admin/categorias',
  adminAudit: () => '/admin/auditoria',
  resetPassword: () => '/reset-password',
  verifyEmail: () => '/verify-email',
  approveEmailChange: () => '/approve-email-change',
  confirmEmailChange: () => '/confirm-email-change',
  dashboard: (userName: string) => `/${encodeURIComponent(userName)}`,
} satisfies Record<PageName, (...args: never[]) => string>;

/** A row id as addresses write it: plain digits without a leading zero, at most the largest id. */
const isNumericId = (segment: string) => wholeNumberPattern.test(segment) && segment !== '0' && Number(segment) <= maxDatabaseId;

/** A segment that names a missing file rather than a user (names may hold dots: `ana.perez`). */
const fileLike = /\.(js|mjs|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|mp4|webm|webmanifest|php|env)$/i;

/**
 * Which page a path shows, or null when no page matches (the server answers 404).
 * Course ids are numbers; a dashboard segment is anything that does not look like a
 * file name, since that means a file that was not found.
 */
export function matchPage(pathname: string): { page: PageName; params: Record<string, string> } | null {
  const segments = pathname.split('/').filter(Boolean);
  for (const [page, pattern] of Object.entries(pagePatterns) as [PageName, string][]) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      let segment = segments[index]!;
      try {
        segment = decodeURIComponent(segment);
      } catch {
        return false;
      }
      if (!part.startsWith(':')) return part === segment;
      const name = part.slice(1);
      if (name === 'id' && page !== 'adminUser' && !isNumericId(segment)) return false;
      if (name === 'userName' && (fileLike.test(segment) || segment === 'api')) return false;
      params[name] = segment;
      return true;
    });
    if (matches) return { page, params };
  }
  return null;
}
