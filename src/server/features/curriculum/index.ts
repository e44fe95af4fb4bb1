/** The curriculum area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { ensureLessonRoom, hoursOf, lockCourseForCurriculum, refreshCourseLength } from './course-length';
export { updateCourseDetails } from './course-updates';
export { countsTowardsCompletion, createStarterCurriculum, curriculumJson, introLessonIds, lessonsInOrder, readCurriculum, readingSeconds, sectionsFromJson, withTotals } from './curriculum';
export { curriculumFeature } from './feature';
export { findServableLessonImage, lessonImageStorageKey, lessonImageTypeOf, lessonImageUrl } from './lesson-images';
export { renderLessonText } from './lesson-text';
export { PDF_TRAILER_WINDOW, RESOURCE_CONTENT_TYPE, attachmentDisposition, courseResourceKeys, createResourceToken, deriveResourceUrlKey, findDownloadableResource, looksLikePdf, removeResourceFile, resourceDownloadLink, resourceStorageKey, sanitizeResourceName, verifyResourceToken } from './resource-files';
