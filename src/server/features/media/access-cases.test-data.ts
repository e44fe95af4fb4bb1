import { randomUUID } from 'node:crypto';
import type { AccessRule } from '../../access-cases.test-support';

const tus = { 'tus-resumable': '1.0.0' };

export const accessRules: AccessRule[] = [
  { route: 'POST /api/uploads', request: () => ({ url: '/api/uploads', headers: { ...tus, 'upload-length': '1024' } }), status: 201 },
  {
    // Nobody but its uploader may append to an upload; an unknown one is not found.
    route: 'PATCH /api/uploads/:uploadId',
    request: () => ({
      url: `/api/uploads/${randomUUID()}`,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('data'),
    }),
    status: 404,
  },
  { route: 'DELETE /api/uploads/:uploadId', request: () => ({ url: `/api/uploads/${randomUUID()}`, headers: tus }), status: 404 },
  { route: 'DELETE /api/videos/uploads/:videoId', request: () => ({ url: `/api/videos/uploads/${randomUUID()}` }), status: 404 },
  {
    // Public for an active course. The fixture's rows name files that are not on disk, so
    // the stream itself answers 404 here; media tests play real files.
    route: 'GET /api/videos/courses/:courseId/intro',
    request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/intro` }),
    status: 404,
  },
  {
    route: 'GET /api/videos/courses/:courseId/main',
    request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/main` }),
    // Its buyers, its owner and admins get the link.
    except: { other: 403 },
  },
  // The intro's HLS copy and poster are as public as the intro; the fixture's intro is not transcoded.
  { route: 'GET /api/videos/courses/:courseId/intro/hls/master.m3u8', request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/intro/hls/master.m3u8` }), status: 404 },
  { route: 'GET /api/videos/courses/:courseId/intro/hls/:rendition/:file', request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/intro/hls/360p/seg-000.ts` }), status: 404 },
  { route: 'GET /api/videos/courses/:courseId/poster.jpg', request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/poster.jpg` }), status: 404 },
  // The main video's HLS copy: the signed link is the permission, as for the MP4.
  { route: 'GET /api/videos/hls/:token/master.m3u8', request: () => ({ url: '/api/videos/hls/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo/master.m3u8' }), status: 403 },
  { route: 'GET /api/videos/hls/:token/poster.jpg', request: () => ({ url: '/api/videos/hls/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo/poster.jpg' }), status: 403 },
  { route: 'GET /api/videos/hls/:token/:rendition/:file', request: () => ({ url: '/api/videos/hls/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo/720p/seg-000.ts' }), status: 403 },
  // The preview thumbnails go with their video: public with the intro, signed with the others.
  { route: 'GET /api/videos/courses/:courseId/intro/hls/thumbnails.vtt', request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/intro/hls/thumbnails.vtt` }), status: 404 },
  { route: 'GET /api/videos/courses/:courseId/intro/hls/thumbnails.jpg', request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/intro/hls/thumbnails.jpg` }), status: 404 },
  { route: 'GET /api/videos/hls/:token/thumbnails.vtt', request: () => ({ url: '/api/videos/hls/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo/thumbnails.vtt' }), status: 403 },
  { route: 'GET /api/videos/hls/:token/thumbnails.jpg', request: () => ({ url: '/api/videos/hls/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo/thumbnails.jpg' }), status: 403 },
  { route: 'GET /api/courses/:id/videos/processing', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/videos/processing` }) },
  {
    // The fixture's videos were never queued (no processing row): the owner queues the main
    // one; the admin, calling after, finds it queued already.
    route: 'POST /api/courses/:id/videos/:position/processing',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/videos/2/processing` }),
    except: { admin: 409 },
  },
  {
    // The signed link is the permission: a session neither helps nor is needed.
    route: 'GET /api/videos/stream/:token',
    request: () => ({ url: '/api/videos/stream/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo~main.mp4' }),
    status: 403,
  },
  {
    // A resource lesson's PDF: only the course's owner and admins may add one. The fixture's
    // course has no section by that id, so an admitted caller gets 404 (the upload itself is
    // tested in resources.test.ts).
    route: 'POST /api/courses/:id/sections/:sectionId/resources',
    request: (fixture) => ({
      url: `/api/courses/${fixture.courseId}/sections/2147483647/resources?title=Apuntes&fileName=apuntes.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    }),
    status: 404,
  },
  {
    // A text lesson's image: only the course's owner and admins may add one; the body is no
    // image, so an admitted caller gets 415 (the upload itself is tested in lesson-images.test.ts).
    route: 'POST /api/courses/:id/lesson-images',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/lesson-images`, headers: { 'content-type': 'image/png' }, payload: Buffer.from('not an image') }),
    status: 415,
  },
  // An image nobody uploaded is not found, for everyone (who may see which image is tested in lesson-images.test.ts).
  { route: 'GET /api/lesson-images/:imageId', request: () => ({ url: `/api/lesson-images/${randomUUID()}` }), status: 404 },
  // A resource's download: the signed link is the permission, as for the videos.
  { route: 'GET /api/resources/:token', request: () => ({ url: '/api/resources/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.1._' }), status: 403 },
  {
    // The fixture's lesson is a free preview: open to anyone, signed in or not (paid lessons are tested with the lessons).
    route: 'GET /api/lessons/:lessonId',
    request: (fixture) => ({ url: `/api/lessons/${fixture.lessonId}` }),
  },
];
