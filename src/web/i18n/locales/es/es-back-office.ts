import about from './about.json';
import admin from './admin.json';
import teaching from './teaching.json';

/** The texts of the teaching, admin and about pages: fetched with the first of those pages, not on every visit. */
const backOffice = { teaching, admin, about };

export default backOffice;
