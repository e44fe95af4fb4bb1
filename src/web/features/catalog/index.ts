/**
 * The catalogue: home, listing and search, course and teacher pages, the about page, and the
 * admin's categories and course moderation.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { useAdminCourses } from './api/get-admin-courses';
export { listingSearch, readListingQuery, readPageNumber } from './listing-params';
