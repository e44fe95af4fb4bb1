/** The catalog area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { lockCourseForRating, refreshRating, removeReviewsOfLostCourses } from './course-ratings';
export type { Rating } from './course-ratings';
export { assertCourseVisible, displayedImageUrl, isActiveCourse, summaryColumns } from './course-summary';
export type { Viewer } from './course-summary';
export { catalogFeature } from './feature';
export { createCatalogHeadResolver } from './seo';
export { getCourseAnswer, listCourses, suggestTitles } from './service';
