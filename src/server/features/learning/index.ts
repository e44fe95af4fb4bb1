/** The learning area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { createCertificateHeadResolver } from './certificate-seo';
export { issueCertificateIfComplete, revokeCertificates } from './certificates';
export { markLessonCompleted, progressColumns } from './course-progress';
export { learningFeature } from './feature';
