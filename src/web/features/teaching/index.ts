/**
 * A teacher's courses: creating and editing them, and the courses-created dashboard.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { certificateRulesQueryKey } from './api/get-certificate-rules';
export { courseForEditQueryKey } from './api/get-course-for-edit';
export { useCreatedCourses } from './api/get-created-courses';
