import admin from './admin.json';
import coupons from './coupons.json';
import errors from './errors.back-office.json';
import payouts from './payouts.json';
import teaching from './teaching.json';

/**
 * The texts of the teaching, admin, payout and coupon pages: fetched with the first of
 * those pages, not on every visit. `errors` adds the codes only those pages meet (uploads,
 * curriculum, payouts, admin refunds) to the core part's namespace of the same name.
 */
const backOffice = { teaching, admin, payouts, coupons, errors };

export default backOffice;
