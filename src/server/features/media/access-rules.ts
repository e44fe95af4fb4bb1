import { randomUUID } from 'node:crypto';
import type { AccessRule } from '../../access-rules';

const tus = { 'tus-resumable': '1.0.0' };

export const accessRules: AccessRule[] = [
  { route: 'POST /api/uploads/', request: () => ({ url: '/api/uploads/', headers: { ...tus, 'upload-length': '1024' } }), status: 201 },
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
  {
    // The signed link is the permission: a session neither helps nor is needed.
    route: 'GET /api/videos/stream/:token',
    request: () => ({ url: '/api/videos/stream/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo~main.mp4' }),
    status: 403,
  },
];
