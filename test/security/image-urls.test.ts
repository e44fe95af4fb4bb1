import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../helpers/app';
import { signedInUser, signedInAdmin, type TestUser } from '../helpers/auth';
import { insertCourseWithVideos } from '../helpers/videos';
import { courses, users } from '../../src/server/db/schema';
import { insertCategory, insertUpload } from '../../src/server/db/factories';

/**
 * Image links are stored and shown to every visitor, so they are only ever http(s) links (or
 * the site's own paths), never script (`javascript:`), inline documents (`data:`) or local
 * files; and the server only stores them: it never fetches one (no server-side request forgery).
 */
const hostileImageUrls = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'blob:https://cursos.example.com/1b2c',
  'ftp://example.com/cover.png',
  'https://example.com/a.png\njavascript:alert(1)',
];

describe('image URLs', () => {
  const ctx = useTestApp();

  const inject = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) => ctx.app.inject({ method, url, headers: user.headers, payload });

  async function newCourseForm(teacher: TestUser, imageUrl: string) {
    const { categoryId, subcategoryId } = await insertCategory(ctx.db);
    const intro = await insertUpload(ctx.db, teacher.id, { durationSeconds: 30 });
    const main = await insertUpload(ctx.db, teacher.id, { durationSeconds: 600 });
    return {
      title: 'Seguridad web',
      imageUrl,
      categoryId,
      subcategoryId,
      durationHours: 3,
      description: 'Cómo se protege una aplicación web.',
      language: 'spanish',
      level: 'medium',
      priceCents: 1000,
      teacherName: 'Ana Torres',
      videoIds: [intro.id, main.id],
    };
  }

  const adminEdit = (imageUrl: string) => ({
    title: 'Seguridad web',
    teacherName: 'Ana Torres',
    description: 'Cómo se protege una aplicación web.',
    priceCents: 1000,
    durationHours: 3,
    level: 'medium',
    language: 'spanish',
    imageUrl,
  });

  const expectImageRefused = (response: { statusCode: number; json: () => { error: { code: string; fields?: Record<string, string[]> } } }, field: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields?.[field]).toEqual(['validation.imageUrl']);
  };

  it.each(hostileImageUrls)('refuses %j with 400 on course create, owner edit, admin edit, profile and admin user edit, storing nothing', async (imageUrl) => {
    const teacher = await signedInUser(ctx.app);
    const admin = await signedInAdmin(ctx.app, ctx.db);
    expectImageRefused(await inject(teacher, 'POST', '/api/courses', await newCourseForm(teacher, imageUrl)), 'imageUrl');

    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, teacher.id, { imageUrl: '/covers/programming.svg' });
    expectImageRefused(await inject(teacher, 'PATCH', `/api/courses/${course.id}`, { imageUrl }), 'imageUrl');
    expectImageRefused(await inject(admin, 'PATCH', `/api/admin/courses/${course.id}`, adminEdit(imageUrl)), 'imageUrl');
    const stored = await ctx.db.select({ imageUrl: courses.imageUrl }).from(courses);
    expect(stored).toEqual([{ imageUrl: '/covers/programming.svg' }]);

    expectImageRefused(await inject(teacher, 'PATCH', '/api/users/me', { name: 'Ana Torres', image: imageUrl }), 'image');
    expectImageRefused(await inject(admin, 'PATCH', `/api/admin/users/${teacher.id}`, { name: 'Ana Torres', image: imageUrl }), 'image');
    const [profile] = await ctx.db.select({ image: users.image }).from(users).where(eq(users.id, teacher.id));
    expect(profile!.image).toBeNull();
  });

  describe('an http image link', () => {
    let imageServer: Server;
    let hits: string[];
    let imageUrl: string;

    beforeAll(async () => {
      hits = [];
      imageServer = createServer((request, response) => {
        hits.push(`${request.method} ${request.url}`);
        response.writeHead(200, { 'content-type': 'image/png' }).end();
      });
      await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
      imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/cover.png`;
    });
    afterAll(() => new Promise<void>((resolve) => imageServer.close(() => resolve())));

    it('is stored and served as given, and the server never requests it', async () => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const teacher = await signedInUser(ctx.app);
      const admin = await signedInAdmin(ctx.app, ctx.db);

      const created = await inject(teacher, 'POST', '/api/courses', await newCourseForm(teacher, `${imageUrl}?create`));
      expect(created.statusCode).toBe(201);
      const courseId = (created.json() as { id: number }).id;
      expect((await inject(teacher, 'PATCH', `/api/courses/${courseId}`, { imageUrl: `${imageUrl}?edit` })).statusCode).toBe(200);
      expect((await inject(admin, 'PATCH', `/api/admin/courses/${courseId}`, adminEdit(`${imageUrl}?admin`))).statusCode).toBe(200);
      expect((await inject(teacher, 'PATCH', '/api/users/me', { name: 'Ana Torres', image: `${imageUrl}?profile` })).statusCode).toBe(200);
      expect((await inject(admin, 'PATCH', `/api/admin/users/${teacher.id}`, { name: 'Ana Torres', image: `${imageUrl}?admin-user` })).statusCode).toBe(200);

      // Everywhere the links are shown: the course, the catalogue, the owner's list, the profile.
      const course = await ctx.app.inject({ url: `/api/courses/${courseId}` });
      expect(course.json().imageUrl).toBe(`${imageUrl}?admin`);
      await ctx.app.inject({ url: '/api/courses' });
      await ctx.app.inject({ url: '/api/courses/mine', headers: teacher.headers });
      expect((await ctx.app.inject({ url: '/api/users/me', headers: teacher.headers })).json().image).toBe(`${imageUrl}?admin-user`);

      expect(hits).toEqual([]);
      expect(fetchSpy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('127.0.0.1'))).toEqual([]);
    });
  });
});
