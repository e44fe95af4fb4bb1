import type { Feature } from './feature';
import { adminFeature } from './features/admin/feature';
import { authFeature } from './features/accounts/sign-in-feature';
import { cartFeature } from './features/orders/cart-feature';
import { captionsFeature } from './features/media/captions-feature';
import { catalogFeature } from './features/catalog/feature';
import { certificatesFeature } from './features/learning/certificates-feature';
import { contactFeature } from './features/contact/feature';
import { couponsFeature } from './features/coupons/feature';
import { favouritesFeature } from './features/favourites/feature';
import { healthFeature } from './features/health/feature';
import { invoicesFeature } from './features/invoices/feature';
import { mediaFeature } from './features/media/feature';
import { ordersFeature } from './features/orders/feature';
import { payoutAccountsFeature } from './features/payouts/onboarding-feature';
import { payoutsFeature } from './features/payouts/feature';
import { playerSettingsFeature } from './features/learning/player-settings-feature';
import { progressFeature } from './features/learning/progress-feature';
import { reviewsFeature } from './features/reviews/feature';
import { teachingFeature } from './features/teaching/feature';
import { usersFeature } from './features/accounts/feature';

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
