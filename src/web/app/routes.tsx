import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { matchPage, pagePatterns, type PageName } from '../../shared/paths';
import { NotFound } from '../components/not-found';
import { loadBackOfficeTexts } from '../i18n';
import { AppLayout } from './layout/app-layout';
import { PageLoader } from './layout/page-loader';
import { RouteError } from './layout/route-error';

/**
 * The component of every page in src/shared/paths.ts. Each is its own chunk, fetched on the
 * first visit to the page; `satisfies` turns a page missing here into a type error.
 */
const pageComponents = {
  home: () => import('../features/catalog/pages/home-page').then((module) => module.HomePage),
  register: () => import('../features/auth/pages/register-page').then((module) => module.RegisterPage),
  allCourses: () => import('../features/catalog/pages/all-courses-page').then((module) => module.AllCoursesPage),
  course: () => import('../features/catalog/pages/course-page').then((module) => module.CoursePage),
  createCourse: () => import('../features/teaching/pages/create-course-page').then((module) => module.CreateCoursePage),
  cart: () => import('../features/cart/pages/cart-page').then((module) => module.CartPage),
  myCourses: () => import('../features/orders/pages/my-courses-page').then((module) => module.MyCoursesPage),
  player: () => import('../features/player/pages/course-player-page').then((module) => module.CoursePlayerPage),
  favourites: () => import('../features/favourites/pages/favourites-page').then((module) => module.FavouritesPage),
  coursesCreated: () => import('../features/teaching/pages/courses-created-page').then((module) => module.CoursesCreatedPage),
  editCourse: () => import('../features/teaching/pages/edit-course-page').then((module) => module.EditCoursePage),
  uploadVideo: () => import('../features/teaching/pages/upload-video-page').then((module) => module.UploadVideoPage),
  checkout: () => import('../features/orders/pages/checkout-page').then((module) => module.CheckoutPage),
  paymentSuccess: () => import('../features/orders/pages/payment-success-page').then((module) => module.PaymentSuccessPage),
  paymentFailed: () => import('../features/orders/pages/payment-failed-page').then((module) => module.PaymentFailedPage),
  about: () => import('../features/about/pages/about-page').then((module) => module.AboutPage),
  contact: () => import('../features/contact/pages/contact-page').then((module) => module.ContactPage),
  admin: () => import('../features/admin/pages/admin-home-page').then((module) => module.AdminHomePage),
  adminCourses: () => import('../features/admin/pages/admin-courses-page').then((module) => module.AdminCoursesPage),
  adminCourse: () => import('../features/admin/pages/admin-course-page').then((module) => module.AdminCoursePage),
  adminUsers: () => import('../features/admin/pages/admin-users-page').then((module) => module.AdminUsersPage),
  adminUser: () => import('../features/admin/pages/admin-user-page').then((module) => module.AdminUserPage),
  adminOrders: () => import('../features/admin/pages/admin-orders-page').then((module) => module.AdminOrdersPage),
  adminMessages: () => import('../features/admin/pages/admin-messages-page').then((module) => module.AdminMessagesPage),
  messages: () => import('../features/admin/pages/admin-messages-page').then((module) => module.AdminMessagesPage),
  adminCategories: () => import('../features/admin/pages/admin-categories-page').then((module) => module.AdminCategoriesPage),
  adminAudit: () => import('../features/admin/pages/admin-audit-page').then((module) => module.AdminAuditPage),
  resetPassword: () => import('../features/auth/pages/reset-password-page').then((module) => module.ResetPasswordPage),
  verifyEmail: () => import('../features/auth/pages/verify-email-page').then((module) => module.VerifyEmailPage),
  approveEmailChange: () => import('../features/users/pages/email-change-page').then((module) => module.ApproveEmailChangePage),
  confirmEmailChange: () => import('../features/users/pages/email-change-page').then((module) => module.ConfirmEmailChangePage),
  dashboard: () => import('../features/users/pages/dashboard-page').then((module) => module.DashboardPage),
} satisfies Record<PageName, () => Promise<ComponentType>>;

/**
 * A `:param` matches any segment in React Router, but the server answers 404 for a course id
 * that is not a number or a user name with a dot (src/shared/paths.ts, matchPage). Asking
 * matchPage here too makes the client show the same not-found page the server's status says.
 */
/** Pages whose texts are in the catalogue's back-office part (src/web/i18n), fetched with the page. */
const backOfficePages = new Set<PageName>([
  'createCourse',
  'coursesCreated',
  'editCourse',
  'uploadVideo',
  'about',
  'admin',
  'adminCourses',
  'adminCourse',
  'adminUsers',
  'adminUser',
  'adminOrders',
  'adminMessages',
  'messages',
  'adminCategories',
  'adminAudit',
]);

const loadPage = async (page: PageName) => {
  const [Component] = await Promise.all([pageComponents[page](), backOfficePages.has(page) ? loadBackOfficeTexts() : null]);
  return Component;
};

const requireKnownPath =
  (page: PageName) =>
  ({ request }: LoaderFunctionArgs) => {
    // React Router's way to answer a status: the nearest ErrorBoundary gets a 404 response.
    if (matchPage(new URL(request.url).pathname)?.page !== page) throw data(null, { status: 404 });
    return null;
  };

const pageNames = Object.keys(pagePatterns) as PageName[];

const pageRoutes: RouteObject[] = pageNames.map((page) => {
  const pattern: string = pagePatterns[page];
  return {
    id: page,
    path: pattern,
    // The spec's routes match exactly: /ContactUsd is a page, /contactusd is a user name.
    caseSensitive: true,
    ...(pattern.includes(':') ? { loader: requireKnownPath(page) } : {}),
    lazy: async () => ({ Component: await loadPage(page) }),
  };
});

/** The one route table: the layout, then every page of the spec, then not-found. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    // Last resort when the layout itself fails.
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless: page errors and first-load spinners show inside the layout (navbar stays).
        id: 'pages',
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoader,
        children: [...pageRoutes, { id: 'notFound', path: '*', Component: NotFound }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
