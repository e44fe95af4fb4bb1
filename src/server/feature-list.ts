import type { Feature } from './feature';
import { adminFeature } from './features/admin/feature';
import { authFeature } from './features/auth/feature';
import { cartFeature } from './features/cart/feature';
import { captionsFeature } from './features/captions/feature';
import { catalogFeature } from './features/catalog/feature';
import { certificatesFeature } from './features/certificates/feature';
import { contactFeature } from './features/contact/feature';
import { couponsFeature } from './features/coupons/feature';
import { favouritesFeature } from './features/favourites/feature';
import { healthFeature } from './features/health/feature';
import { invoicesFeature } from './features/invoices/feature';
import { mediaFeature } from './features/media/feature';
import { ordersFeature } from './features/orders/feature';
import { payoutAccountsFeature } from './features/payout-accounts/feature';
import { payoutsFeature } from './features/payouts/feature';
import { playerSettingsFeature } from './features/player-settings/feature';
import { progressFeature } from './features/progress/feature';
import { reviewsFeature } from './features/reviews/feature';
import { teachingFeature } from './features/teaching/feature';
import { usersFeature } from './features/users/feature';

/** Every feature, in the order their routes are registered; each registers its own routes, jobs and hooks. */
export const features: Feature[] = [
  healthFeature,
  authFeature,
  usersFeature,
  playerSettingsFeature,
  catalogFeature,
  favouritesFeature,
  mediaFeature,
  captionsFeature,
  teachingFeature,
  cartFeature,
  ordersFeature,
  couponsFeature,
  payoutAccountsFeature,
  payoutsFeature,
  invoicesFeature,
  progressFeature,
  certificatesFeature,
  reviewsFeature,
  contactFeature,
  adminFeature,
];
