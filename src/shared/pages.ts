import type commonTexts from './i18n/locales/es/common.json';
import { maxDatabaseId, maxPage, wholeNumberPattern } from './limits';
import { safeReturnPath } from './return-path';
import { certificateCodePattern } from './certificate-code';
import { formNoticeFrom } from './form-notices';

type HeadTexts = (typeof commonTexts)['head'];

/** A page number past the first, as the API reads it; the first (or a bad one) is the page without it. */
const laterPageNumber = (value: string) => (wholeNumberPattern.test(value) && Number(value) > 1 && Number(value) <= maxPage ? value : null);

/** A page whose title and description are the same for every address: `head.<key>` in the `common` catalogue. */
export type PageHeadTexts = { [Key in keyof HeadTexts]: HeadTexts[Key] extends { title: string; description: string } ? Key : never }[keyof HeadTexts];

export type PageDeclaration = {
  /** React Router's pattern; `:id` is a row id (see matchPage in ./paths), `:userName` a user's name. */
  path: string;
  /**
   * Its component, `<module under src/web/features>#<export>`: loaded on the first visit to the
   * page, in a chunk of its own (src/web/app/routes.tsx). A string, so the server can read the table.
   */
  component: `${string}/pages/${string}-page#${string}`;
  /**
   * Drawn on the server (a visitor's view, kept until the catalogue changes). The queries it
   * renders with are its own (src/web/app/page-data.ts); a page that reads none needs no entry there.
   */
  serverRendered?: true;
  /**
   * A server-drawn page whose record changes without the catalogue changing (a certificate a
   * refund revokes): drawn for every request rather than kept until the catalogue changes.
   */
  drawnPerRequest?: true;
  /**
   * The query parameters a server-drawn page reads, each as the page reads it (null: as if
   * absent). Every other parameter, and every value the page would ignore, changes nothing it
   * draws, so it is left out of the page's cache key. A page that starts reading one must be named
   * here, or the server draws it without.
   */
  parametersRead?: Record<string, (value: string) => string | null>;
  /** Its title and description, from the translation catalogues (a page with a record of its own resolves its head on the server). */
  head?: PageHeadTexts;
  /**
   * The parts of the translation catalogue (src/web/i18n) its texts are in besides the core one
   * every visit loads, fetched with the page: the back office's (teaching, admin, payouts,
   * coupons), the quizzes' and assignments', the about page's.
   */
  texts?: readonly TextPart[];
};

/** A part of the translation catalogue that only some pages need (src/web/i18n/index.ts). */
export type TextPart = 'backOffice' | 'activities' | 'about';

/**
 * Every page of the web app (spec section 2), each declared once. From this table come the links
 * (`paths`), the server's matching (`matchPage`), the web router (src/web/app/routes.tsx, whose
 * component map must name every page), the server-drawn pages and their cache keys, the head tags
 * and the build's preload list (build/page-preloads.ts). Order matters: the first pattern that
 * matches wins.
 */
export const pages = {
  home: { path: '/', component: 'catalog/pages/home-page#HomePage', serverRendered: true, head: 'home' },
  // /register's `error` is read by an effect in the browser alone: it draws nothing on the server.
  // `mode=signin` opens the sign-in form (links to sign in), `mode=forgot` the reset request;
  // anything else is the spec's sign-up. `notice`: what a form posted without JavaScript came back with.
  register: {
    path: '/register',
    component: 'accounts/pages/register-page#RegisterPage',
    serverRendered: true,
    parametersRead: { next: safeReturnPath, mode: (value) => (value === 'signin' || value === 'forgot' ? value : null), notice: formNoticeFrom },
  },
  // Its parameters are the listing's (src/web/features/catalog/listing-params.ts), read by the renderer.
  allCourses: { path: '/allcourses', component: 'catalog/pages/all-courses-page#AllCoursesPage', serverRendered: true, head: 'allCourses' },
  course: { path: '/course/:id', component: 'catalog/pages/course-page#CoursePage', serverRendered: true },
  // A teacher's public profile; an account id is text, not a row number. Its head is resolved on the server.
  teacher: { path: '/teacher/:teacherId', component: 'catalog/pages/teacher-page#TeacherPage', serverRendered: true, parametersRead: { page: laterPageNumber } },
  createCourse: { path: '/form', component: 'teaching/pages/create-course-page#CreateCoursePage', texts: ['backOffice'] },
  cart: { path: '/shop', component: 'orders/pages/cart-page#CartPage' },
  myCourses: { path: '/mycourses', component: 'orders/pages/my-courses-page#MyCoursesPage', texts: ['activities'] },
  myAssignments: { path: '/mycourses/assignments', component: 'assignments/pages/my-assignments-page#MyAssignmentsPage', texts: ['activities'] },
  player: { path: '/mycourses/:id', component: 'learning/pages/course-player-page#CoursePlayerPage', texts: ['activities'] },
  favourites: { path: '/favourites', component: 'favourites/pages/favourites-page#FavouritesPage' },
  coursesCreated: { path: '/coursescreated', component: 'teaching/pages/courses-created-page#CoursesCreatedPage', texts: ['backOffice', 'activities'] },
  earnings: { path: '/coursescreated/earnings', component: 'payouts/pages/earnings-page#EarningsPage', head: 'earnings', texts: ['backOffice'] },
  // `course` and `submission` open one hand-in with its review form; `page` pages the queue.
  assignmentQueue: { path: '/coursescreated/assignments', component: 'assignments/pages/assignment-queue-page#AssignmentQueuePage', texts: ['backOffice', 'activities'] },
  coupons: { path: '/coursescreated/coupons', component: 'coupons/pages/coupons-page#CouponsPage', head: 'coupons', texts: ['backOffice'] },
  editCourse: { path: '/course/editcourse/:id', component: 'teaching/pages/edit-course-page#EditCoursePage', texts: ['backOffice', 'activities'] },
  // A quiz lesson's questions and rules, edited by the course's owner (or an admin).
  quizEditor: { path: '/course/editcourse/:id/quiz/:lessonId', component: 'quizzes/pages/quiz-editor-page#QuizEditorPage', texts: ['backOffice', 'activities'] },
  uploadVideo: { path: '/uploadvideo', component: 'media/pages/upload-video-page#UploadVideoPage', texts: ['backOffice'] },
  checkout: { path: '/formpage', component: 'orders/pages/checkout-page#CheckoutPage' },
  paymentSuccess: { path: '/formpage/success', component: 'orders/pages/payment-success-page#PaymentSuccessPage' },
  paymentFailed: { path: '/formpage/failed', component: 'orders/pages/payment-failed-page#PaymentFailedPage' },
  about: { path: '/about', component: 'catalog/pages/about-page#AboutPage', serverRendered: true, texts: ['about'] },
  // `notice`: what the form posted without JavaScript came back with.
  contact: { path: '/contact', component: 'contact/pages/contact-page#ContactPage', serverRendered: true, parametersRead: { notice: formNoticeFrom } },
  admin: { path: '/admin', component: 'admin/pages/admin-home-page#AdminHomePage', texts: ['backOffice'] },
  adminCourses: { path: '/admin/cursos', component: 'catalog/pages/admin-courses-page#AdminCoursesPage', texts: ['backOffice'] },
  adminCourse: { path: '/admin/cursos/:id', component: 'catalog/pages/admin-course-page#AdminCoursePage', texts: ['backOffice'] },
  adminUsers: { path: '/admin/usuarios', component: 'accounts/pages/admin-users-page#AdminUsersPage', texts: ['backOffice'] },
  // A user id is text, not a row number.
  adminUser: { path: '/admin/user/:userId', component: 'accounts/pages/admin-user-page#AdminUserPage', texts: ['backOffice'] },
  adminOrders: { path: '/admin/ordenes', component: 'orders/pages/admin-orders-page#AdminOrdersPage', texts: ['backOffice'] },
  adminMessages: { path: '/admin/ContactUsd', component: 'contact/pages/admin-messages-page#AdminMessagesPage', texts: ['backOffice'] },
  messages: { path: '/ContactUsd', component: 'contact/pages/admin-messages-page#AdminMessagesPage', texts: ['backOffice'] },
  adminCategories: { path: '/admin/categorias', component: 'catalog/pages/admin-categories-page#AdminCategoriesPage', texts: ['backOffice'] },
  adminAudit: { path: '/admin/auditoria', component: 'admin/pages/admin-audit-page#AdminAuditPage', texts: ['backOffice'] },
  adminPayouts: { path: '/admin/pagos', component: 'payouts/pages/admin-payouts-page#AdminPayoutsPage', texts: ['backOffice'] },
  adminCoupons: { path: '/admin/cupones', component: 'coupons/pages/admin-coupons-page#AdminCouponsPage', texts: ['backOffice'] },
  // The pages the links in account e-mails open (`?token=`).
  resetPassword: { path: '/reset-password', component: 'accounts/pages/reset-password-page#ResetPasswordPage' },
  verifyEmail: { path: '/verify-email', component: 'accounts/pages/verify-email-page#VerifyEmailPage' },
  approveEmailChange: { path: '/approve-email-change', component: 'accounts/pages/email-change-page#ApproveEmailChangePage' },
  confirmEmailChange: { path: '/confirm-email-change', component: 'accounts/pages/email-change-page#ConfirmEmailChangePage' },
  // A certificate's public verification, in each language's words (the same page; its texts follow the reader's language).
  certificate: { path: '/certificado/:code', component: 'learning/pages/certificate-page#CertificatePage', serverRendered: true, drawnPerRequest: true },
  certificateEn: { path: '/certificate/:code', component: 'learning/pages/certificate-page#CertificatePage', serverRendered: true, drawnPerRequest: true },
  // Last: any other single segment is a user's dashboard.
  dashboard: { path: '/:userName', component: 'accounts/pages/dashboard-page#DashboardPage' },
} as const satisfies Record<string, PageDeclaration>;

export type PageName = keyof typeof pages;

export const pageNames = Object.keys(pages) as PageName[];

/** The declaration of a page, as the general type (the table's entries are literal types). */
export const pageDeclaration = (page: PageName): PageDeclaration => pages[page];

/** The pages drawn on the server. */
export type ServerRenderedPage = { [Page in PageName]: (typeof pages)[Page] extends { serverRendered: true } ? Page : never }[PageName];

export const serverRenderedPages: ReadonlySet<PageName> = new Set(pageNames.filter((page) => pageDeclaration(page).serverRendered));

/** A row id as addresses write it: plain digits without a leading zero, at most the largest id. */
const isNumericId = (segment: string) => wholeNumberPattern.test(segment) && segment !== '0' && Number(segment) <= maxDatabaseId;

/** A segment that names a missing file rather than a user (names may hold dots: `ana.perez`). */
const fileLike = /\.(js|mjs|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|mp4|webm|webmanifest|php|env)$/i;

/** What each kind of `:name` segment accepts; any other name takes any segment. */
const parameterRules: Record<string, (segment: string) => boolean> = {
  id: isNumericId,
  lessonId: isNumericId,
  userName: (segment) => !fileLike.test(segment) && segment !== 'api',
  // An account id (better-auth's: letters, digits, `-` and `_`).
  teacherId: (segment) => /^[\w-]{1,100}$/.test(segment),
  // Any other segment is no certificate: the not-found page, without asking the database.
  code: (segment) => certificateCodePattern.test(segment.toUpperCase()),
};

/**
 * Which page a path shows, or null when no page matches (the server answers 404).
 * Row ids (`:id`) are whole numbers; a dashboard segment is anything that does not look like a
 * file name, since that means a file that was not found.
 */
export function matchPage(pathname: string): { page: PageName; params: Record<string, string> } | null {
  const segments = pathname.split('/').filter(Boolean);
  for (const page of pageNames) {
    const parts = pageDeclaration(page).path.split('/').filter(Boolean);
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
      if (parameterRules[name] && !parameterRules[name](segment)) return false;
      params[name] = segment;
      return true;
    });
    if (matches) return { page, params };
  }
  return null;
}
