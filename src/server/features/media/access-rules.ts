import { randomUUID } from 'node:crypto';
import { allow, type AccessRule } from '../../access-rules';

const tus = { 'tus-resumable': '1.0.0' };

export const accessRules: AccessRule[] = [
  {
    route: 'POST /api/uploads/',
    request: () => ({ url: '/api/uploads/', headers: { ...tus, 'upload-length': '1024' } }),
    expect: allow.signedIn(201),
  },
  {
    // Nobody but its uploader may append to an upload; an unknown one is not found.
    route: 'PATCH /api/uploads/:uploadId',
    request: () => ({
      url: `/api/uploads/${randomUUID()}`,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('data'),
    }),
    expect: allow.signedIn(404),
  },
  {
    route: 'DELETE /api/uploads/:uploadId',
    request: () => ({ url: `/api/uploads/${randomUUID()}`, headers: tus }),
    expect: allow.signedIn(404),
  },
  { route: 'GET /api/videos/uploads', expect: allow.signedIn() },
  {
    route: 'DELETE /api/videos/uploads/:videoId',
    request: () => ({ url: `/api/videos/uploads/${randomUUID()}` }),
    expect: allow.signedIn(404),
  },
  {
    // Public for an active course. The fixture's rows name files that are not on disk, so
    // the stream itself answers 404 here; media tests play real files.
    route: 'GET /api/videos/courses/:courseId/intro',
    request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/intro` }),
    expect: allow.everyone(404),
  },
  {
    route: 'GET /api/videos/courses/:courseId/main',
    request: (fixture) => ({ url: `/api/videos/courses/${fixture.courseId}/main` }),
    expect: { visitor: 401, buyer: 200, other: 403, owner: 200, admin: 200, disabled: 401 },
  },
  {
    // The signed link is the permission: a session neither helps nor is needed.
    route: 'GET /api/videos/stream/:token',
    request: () => ({ url: '/api/videos/stream/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo~main.mp4' }),
    expect: allow.everyone(403),
  },
];
