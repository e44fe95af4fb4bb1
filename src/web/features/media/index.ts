/**
 * Video uploads, their processing, and lesson captions.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { myUploadsQueryKey } from './api/get-my-uploads';
export { useCourseVideoProcessing, useMyVideoProcessingRefreshing } from './api/get-video-processing';
export { useRetryVideoProcessing } from './api/retry-video-processing';
export { LessonCaptions } from './components/lesson-captions';
export { VideoProcessingBadges } from './components/video-processing';
export { VideoUploader } from './components/video-uploader';
export { useVideoUploads } from './lib/use-video-uploads';
