import { adminEndpoints } from './admin';
import { authEndpoints } from './accounts';
import { captionsEndpoints } from './captions';
import { cartEndpoints } from './cart';
import { catalogEndpoints } from './catalog';
import { certificatesEndpoints } from './learning';
import { contactEndpoints } from './contact';
import { couponEndpoints } from './coupons';
import { curriculumEditingEndpoints } from './curriculum';
import { devMailboxEndpoints } from './dev-mailbox';
import { devPayoutsEndpoints } from './dev-payouts';
import { favouritesEndpoints } from './favourites';
import { formEndpoints } from './forms';
import { healthEndpoints } from './health';
import { invoicesEndpoints } from './invoices';
import { lessonEndpoints } from './lessons';
import { mediaEndpoints } from './media';
import { ordersEndpoints } from './orders';
import { playerSettingsEndpoints } from './player-settings';
import { payoutAccountEndpoints, payoutsEndpoints } from './payouts';
import { progressEndpoints } from './progress';
import { reviewsEndpoints } from './reviews';
import { teachingEndpoints } from './teaching';
import { usersEndpoints } from './users';

/**
 * Every API endpoint of the app, by name. Each area keeps its own file; this is the one
 * table the web app calls through (`call(endpoints.getCart)`) and the tests check against.
 */
export const endpoints = {
  ...adminEndpoints,
  ...authEndpoints,
  ...captionsEndpoints,
  ...cartEndpoints,
  ...catalogEndpoints,
  ...certificatesEndpoints,
  ...contactEndpoints,
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
  ...reviewsEndpoints,
  ...teachingEndpoints,
  ...usersEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
