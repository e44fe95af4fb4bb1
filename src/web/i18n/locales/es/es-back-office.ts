import about from './about.json';
import admin from './admin.json';
import coupons from './coupons.json';
import payouts from './payouts.json';
import teaching from './teaching.json';

/** The texts of the teaching, admin, about, payout and coupon pages: fetched with the first of those pages, not on every visit. */
const backOffice = { teaching, admin, about, payouts, coupons };

export default backOffice;
