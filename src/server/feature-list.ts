import type { Feature } from './feature';
import { accountsFeature } from './features/accounts';
import { adminFeature } from './features/admin';
import { catalogFeature } from './features/catalog';
import { contactFeature } from './features/contact';
import { couponsFeature } from './features/coupons';
import { curriculumFeature } from './features/curriculum';
import { favouritesFeature } from './features/favourites';
import { healthFeature } from './features/health';
import { invoicesFeature } from './features/invoices';
import { learningFeature } from './features/learning';
import { mediaFeature } from './features/media';
import { ordersFeature } from './features/orders';
import { payoutsFeature } from './features/payouts';
import { quizzesFeature } from './features/quizzes';
import { reviewsFeature } from './features/reviews';
import { teachingFeature } from './features/teaching';

/** Every business area, in the order their routes are registered; each registers its own routes, jobs and hooks. */
export const features: Feature[] = [
  healthFeature,
  accountsFeature,
  catalogFeature,
  favouritesFeature,
  mediaFeature,
  teachingFeature,
  curriculumFeature,
  ordersFeature,
  couponsFeature,
  payoutsFeature,
  invoicesFeature,
  learningFeature,
  quizzesFeature,
  reviewsFeature,
  contactFeature,
  adminFeature,
];
