/** The media area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { mediaFeature } from './feature';
export { assertMayTakeLesson, type LessonAccessSubject } from './lesson-access';
export { SignedPlaylistCache, readSmallFile, withSegmentUrls } from './hls-playlists';
export { recordUpload } from './service';
export { createStreamToken, deriveVideoUrlKey } from './signed-url';
export { captionLanguagesOf } from './streamable-videos';
export { findFfmpeg, transcodeToHls } from './transcode';
export { removeUnreferencedFiles } from './video-files';
export type { StoredFileRemover } from './video-files';
export { requestTranscodes } from './video-transcodes';
