import { adminUserEndpoints, authEndpoints, formEndpoints, usersEndpoints } from './accounts';
import { adminEndpoints } from './admin';
import { assignmentEditingEndpoints, assignmentLearningEndpoints } from './assignments';
import { adminCatalogEndpoints, catalogEndpoints } from './catalog';
import { adminMessageEndpoints, contactEndpoints, contactFormEndpoints } from './contact';
import { couponEndpoints } from './coupons';
import { curriculumEditingEndpoints } from './curriculum';
import { devMailboxEndpoints } from './dev-mailbox';
import { favouritesEndpoints } from './favourites';
import { healthEndpoints } from './health';
import { invoicesEndpoints } from './invoices';
import { certificateRulesEndpoints, certificatesEndpoints, playerSettingsEndpoints, progressEndpoints } from './learning';
import { captionsEndpoints, lessonEndpoints, mediaEndpoints } from './media';
import { adminOrderEndpoints, cartEndpoints, ordersEndpoints } from './orders';
import { devPayoutsEndpoints, payoutAccountEndpoints, payoutsEndpoints } from './payouts';
import { quizEditingEndpoints, quizTakingEndpoints } from './quizzes';
import { reviewsEndpoints } from './reviews';
import { teachingEndpoints } from './teaching';

/**
 * Every API endpoint of the app, by name. Each area keeps its own file; this is the one
 * table the web app calls through (`call(endpoints.getCart)`) and the tests check against.
 */
export const endpoints = {
  ...adminEndpoints,
  ...adminCatalogEndpoints,
  ...adminUserEndpoints,
  ...adminMessageEndpoints,
  ...adminOrderEndpoints,
  ...assignmentEditingEndpoints,
  ...assignmentLearningEndpoints,
  ...authEndpoints,
  ...captionsEndpoints,
  ...cartEndpoints,
  ...catalogEndpoints,
  ...certificateRulesEndpoints,
  ...certificatesEndpoints,
  ...contactEndpoints,
  ...contactFormEndpoints,
  ...couponEndpoints,
  ...curriculumEditingEndpoints,
  ...devMailboxEndpoints,
  ...devPayoutsEndpoints,
  ...favouritesEndpoints,
  ...formEndpoints,
  ...healthEndpoints,
  ...invoicesEndpoints,
  ...lessonEndpoints,
  ...mediaEndpoints,
  ...ordersEndpoints,
  ...payoutAccountEndpoints,
  ...payoutsEndpoints,
  ...playerSettingsEndpoints,
  ...progressEndpoints,
  ...quizEditingEndpoints,
  ...quizTakingEndpoints,
  ...reviewsEndpoints,
  ...teachingEndpoints,
  ...usersEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
