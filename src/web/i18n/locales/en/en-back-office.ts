import about from './about.json';
import admin from './admin.json';
import payouts from './payouts.json';
import teaching from './teaching.json';

/** The texts of the teaching, admin, about and payout pages: fetched with the first of those pages, not on every visit. */
const backOffice = { teaching, admin, about, payouts };

export default backOffice;
