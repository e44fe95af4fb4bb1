import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { createCourse } from '../../db/factories';
import { courseSections, enrollments, lessonImages, uploadsInProgress } from '../../db/schema';
import { lessonImageTypeOf } from '../curriculum';

/** A 1×1 transparent PNG, as an image editor writes it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

/** A course of `owner` with its starter section, bought by `buyer`. */
async function courseOf(ctx: TestContext, owner: TestUser, buyer?: TestUser) {
  const course = await createCourse(ctx.db, { ownerId: owner.id });
  const [section] = await ctx.db.select().from(courseSections).where(eq(courseSections.courseId, course.id));
  if (buyer) await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
  return { courseId: course.id, sectionId: section!.id };
}

const uploadImage = (ctx: TestContext, user: TestUser | null, courseId: number, payload: Buffer | Readable, contentType = 'image/png') =>
  ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/lesson-images`, headers: { ...(user?.headers ?? { origin: ctx.config.publicUrl }), 'content-type': contentType }, payload });

/** A text lesson showing `markdown`, added through the curriculum editor; its id. */
async function addTextLesson(ctx: TestContext, owner: TestUser, course: { courseId: number; sectionId: number }, markdown: string, isPreview: boolean) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course.courseId}/curriculum/sections/${course.sectionId}/lessons`,
    headers: owner.headers,
    payload: { kind: 'text', title: isPreview ? 'Lectura gratuita' : 'Lectura de pago', body: markdown, isPreview },
  });
  expect(response.statusCode, response.body).toBe(201);
  const lessons = response.json().sections.flatMap((section: { lessons: { id: number; title: string }[] }) => section.lessons);
  return lessons.at(-1)!.id as number;
}

const view = (ctx: TestContext, user: TestUser | null, url: string) => ctx.app.inject({ url, headers: user?.headers ?? {} });

describe('text lessons’ images', () => {
  const ctx = useTestApp({ LESSON_IMAGE_MAX_BYTES: '2048', LESSON_IMAGES_MAX_PER_USER: '3', UPLOADS_MAX_UNFINISHED_PER_USER: '10' });

  it('knows an image by its first bytes: JPEG, PNG, WebP and GIF, never SVG or anything else', () => {
    expect(lessonImageTypeOf(PNG)).toBe('image/png');
    expect(lessonImageTypeOf(GIF)).toBe('image/gif');
    expect(lessonImageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(lessonImageTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    for (const other of [SVG, HTML, Buffer.from('%PDF-1.4'), Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(0)]) expect(lessonImageTypeOf(other)).toBeNull();
  });

  it('serves an uploaded image that a lesson shows: its own URL in the HTML, its type, nosniff and a CSP that runs nothing', async () => {
    const owner = await signedInUser(ctx.app);
    const course = await courseOf(ctx, owner);
    const uploaded = await uploadImage(ctx, owner, course.courseId, PNG, 'application/octet-stream');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url, contentType, sizeBytes } = uploaded.json();
    expect(url).toMatch(/^\/api\/lesson-images\/[0-9a-f-]{36}$/);
    expect({ contentType, sizeBytes }).toEqual({ contentType: 'image/png', sizeBytes: PNG.length });
    // Its place in the upload allowance is given back once it is stored.
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);

    const lessonId = await addTextLesson(ctx, owner, course, `Mira el diagrama:\n\n![Diagrama](${url})`, true);
    const lesson = await view(ctx, null, `/api/lessons/${lessonId}`);
    expect(lesson.json().html).toContain(`<img src="${url}" alt="Diagrama" />`);

    const image = await view(ctx, null, url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('renders a lesson with ![x](https://tracker.example/p.gif) without any external request: the picture becomes its alt text', async () => {
    const owner = await signedInUser(ctx.app);
    const course = await courseOf(ctx, owner);
    const lessonId = await addTextLesson(ctx, owner, course, 'Hola ![x](https://tracker.example/p.gif) y ![y](//tracker.example/q.gif)', true);
    const { html } = (await view(ctx, null, `/api/lessons/${lessonId}`)).json();
    expect(html).not.toContain('tracker.example');
    expect(html).not.toMatch(/<img|src=/);
    expect(html).toBe('<p>Hola <span>x</span> y <span>y</span></p>\n');
  });

  it.each([
    ['an SVG (which can carry script)', SVG, 'image/svg+xml'],
    ['an HTML page called an image', HTML, 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.4\n%%EOF\n'), 'image/png'],
    ['an empty body', Buffer.alloc(0), 'image/gif'],
  ])('refuses %s with 415 LESSON_IMAGE_NOT_IMAGE and keeps nothing', async (_name, payload, contentType) => {
    const owner = await signedInUser(ctx.app);
    const course = await courseOf(ctx, owner);
    const response = await uploadImage(ctx, owner, course.courseId, payload, contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('LESSON_IMAGE_NOT_IMAGE');
    expect(await ctx.db.select().from(lessonImages)).toEqual([]);
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);
  });

  it('refuses an image over LESSON_IMAGE_MAX_BYTES with 413 LESSON_IMAGE_TOO_LARGE, declared or not', async () => {
    const owner = await signedInUser(ctx.app);
    const course = await courseOf(ctx, owner);
    const big = Buffer.concat([PNG, Buffer.alloc(3000)]);
    const declared = await uploadImage(ctx, owner, course.courseId, big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.code).toBe('LESSON_IMAGE_TOO_LARGE');
    // Sent in chunks with no length: refused as soon as it passes the limit.
    const chunked = await uploadImage(ctx, owner, course.courseId, Readable.from([PNG, Buffer.alloc(1500), Buffer.alloc(1500)]));
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().error.code).toBe('LESSON_IMAGE_TOO_LARGE');
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);
    expect(await ctx.db.select().from(lessonImages)).toEqual([]);
  });

  it('keeps at most LESSON_IMAGES_MAX_PER_USER images per course owner (409 LESSON_IMAGE_LIMIT), even when uploads race', async () => {
    const owner = await signedInUser(ctx.app);
    const first = await courseOf(ctx, owner);
    const second = await courseOf(ctx, owner);
    const answers = await Promise.all([first, second, first, second, first].map((course) => uploadImage(ctx, owner, course.courseId, GIF, 'image/gif')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().error.code).toBe('LESSON_IMAGE_LIMIT');
    expect(await ctx.db.select().from(lessonImages).where(eq(lessonImages.ownerId, owner.id))).toHaveLength(3);
  });

  it('lets only the course’s owner and admins upload', async () => {
    const owner = await signedInUser(ctx.app);
    const stranger = await signedInUser(ctx.app);
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await courseOf(ctx, owner);
    expect((await uploadImage(ctx, stranger, course.courseId, PNG)).statusCode).toBe(403);
    expect((await uploadImage(ctx, null, course.courseId, PNG)).statusCode).toBe(401);
    expect((await uploadImage(ctx, admin, course.courseId, PNG)).statusCode).toBe(201);
    // An admin's upload counts against the course owner's allowance.
    expect((await ctx.db.select().from(lessonImages))[0]!.ownerId).toBe(owner.id);
  });

  it('shows a preview lesson’s images to any visitor, and a paid lesson’s only to its buyers, owner and admins', async () => {
    const owner = await signedInUser(ctx.app);
    const buyer = await signedInUser(ctx.app);
    const stranger = await signedInUser(ctx.app);
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await courseOf(ctx, owner, buyer);
    const previewUrl = (await uploadImage(ctx, owner, course.courseId, PNG)).json().url as string;
    const paidUrl = (await uploadImage(ctx, owner, course.courseId, GIF, 'image/gif')).json().url as string;
    await addTextLesson(ctx, owner, course, `![gratis](${previewUrl})`, true);
    await addTextLesson(ctx, owner, course, `![de pago](${paidUrl})`, false);

    for (const user of [null, stranger, buyer, owner, admin]) expect((await view(ctx, user, previewUrl)).statusCode).toBe(200);
    for (const user of [null, stranger]) {
      const refused = await view(ctx, user, paidUrl);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
    }
    for (const user of [buyer, owner, admin]) {
      const shown = await view(ctx, user, paidUrl);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/gif');
    }
  });
});
