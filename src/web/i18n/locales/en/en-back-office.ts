import admin from './admin.json';
import coupons from './coupons.json';
import errors from './errors.back-office.json';
import payouts from './payouts.json';
import teaching from './teaching.json';

/** The texts of the teaching, admin, payout and coupon pages: fetched with the first of those pages, not on every visit. */
const backOffice = { teaching, admin, payouts, coupons, errors };

export default backOffice;
