import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { TEST_BUCKET, useS3Server } from '../../../../test/helpers/s3';
import { curriculumDefaults, curriculumLimits } from '../../../shared/limits';
import { createCourse } from '../../db/factories';
import { courseLessons, courses, courseSections, enrollments, uploadsInProgress } from '../../db/schema';
import {
  attachmentDisposition,
  courseResourceKeys,
  createResourceToken,
  deriveResourceUrlKey,
  removeResourceFile,
  resourceDownloadLink,
  sanitizeResourceName,
  verifyResourceToken,
} from '../curriculum';
import { videosDirFor } from '../../storage/video-storage';

/** The smallest PDF a reader opens: one empty page, its cross-reference table and trailer. */
function minimalPdf(text = 'Hello'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>`,
    `<< /Length ${text.length + 22} >>\nstream\nBT /F1 12 Tf (${text}) Tj ET\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const PDF = { 'content-type': 'application/pdf' };

function uploadUrl(courseId: number, sectionId: number, { title = 'Apuntes del curso', fileName = 'apuntes.pdf' } = {}) {
  return `/api/courses/${courseId}/sections/${sectionId}/resources?${new URLSearchParams({ title, fileName })}`;
}

/** A course of `owner` with its starter section (intro and main video lessons), bought by `buyer`. */
async function courseOf(ctx: TestContext, owner: TestUser, buyer?: TestUser) {
  const course = await createCourse(ctx.db, { ownerId: owner.id });
  const [section] = await ctx.db.select().from(courseSections).where(eq(courseSections.courseId, course.id));
  if (buyer) await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
  return { courseId: course.id, sectionId: section!.id };
}

const upload = (ctx: TestContext, user: TestUser | null, url: string, payload: Buffer | Readable, headers: Record<string, string> = PDF) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...(user?.headers ?? {}), ...headers }, payload });

const resourceLessons = (ctx: TestContext, courseId: number) =>
  ctx.db.select().from(courseLessons).where(eq(courseLessons.courseId, courseId)).orderBy(asc(courseLessons.position)).then((rows) => rows.filter((row) => row.kind === 'resource'));

describe('resource lessons on the local disk', () => {
  const ctx = useTestApp();
  const resourcesDir = () => path.join(videosDirFor(ctx.dataDir), 'resources');
  // The database starts empty for each test (course ids again from 1): so do the stored files.
  beforeEach(() => rm(resourcesDir(), { recursive: true, force: true }));
  const storedFiles = () => {
    const folder = resourcesDir();
    return existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
  };
  const secret = () => ctx.config.videoUrlSecret ?? ctx.config.authSecret!;
  const linkFor = (lesson: { id: number; resourceName: string | null; resourceSizeBytes: number | null }, userId: string | null, now = Date.now()) =>
    resourceDownloadLink(lesson, { secret: secret(), ttlSeconds: ctx.config.videoUrlTtlSeconds, userId, now });

  it('adds the PDF as the last lesson of the section, stores its bytes under a name of its own, and counts nothing once done', async () => {
    const owner = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    const bytes = minimalPdf();
    const response = await upload(ctx, owner, uploadUrl(courseId, sectionId, { title: '  Guía  ', fileName: '../../etc/Guía\u202Eexe.pdf' }), bytes);
    expect(response.statusCode, response.body).toBe(201);
    const lesson = response.json();
    expect(lesson).toEqual({ id: expect.any(Number), title: 'Guía', kind: 'resource', isPreview: false, durationSeconds: 0 });

    const [row] = await resourceLessons(ctx, courseId);
    expect(row).toMatchObject({ id: lesson.id, sectionId, position: 3, resourceName: 'Guíaexe.pdf', resourceSizeBytes: bytes.length, durationSeconds: 0 });
    expect(row!.resourceKey).toMatch(new RegExp(`^resources/${courseId}/[0-9a-f-]{36}\\.pdf$`));
    expect(await readFile(path.join(videosDirFor(ctx.dataDir), row!.resourceKey!))).toEqual(bytes);
    // The allowance's place was held while the file arrived only.
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);

    // An admin adds to anyone's course; the next file comes after.
    const admin = await signedInAdmin(ctx.app);
    expect((await upload(ctx, admin, uploadUrl(courseId, sectionId), minimalPdf('Two'))).statusCode).toBe(201);
    expect((await resourceLessons(ctx, courseId)).map((resource) => resource.position)).toEqual([3, 4]);
  });

  it('knows a PDF by its content, not its name: anything else is refused with 415 and nothing is kept', async () => {
    const owner = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    const url = uploadUrl(courseId, sectionId, { fileName: 'virus.pdf' });
    const pdf = minimalPdf();
    const refusals: [string, Buffer][] = [
      ['an executable named .pdf', Buffer.from('MZ\x90\x00 this is not a pdf %%EOF', 'latin1')],
      ['a PDF header without its trailer', pdf.subarray(0, pdf.length - 7)],
      ['a trailer far from the end', Buffer.concat([pdf, Buffer.alloc(2048, 0x20)])],
      ['HTML that mentions %PDF- later', Buffer.from('<html><script>alert(1)</script>%PDF-1.4 %%EOF</html>')],
      ['nothing at all', Buffer.alloc(0)],
    ];
    for (const [name, payload] of refusals) {
      const response = await upload(ctx, owner, url, payload);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error.code, name).toBe('RESOURCE_NOT_PDF');
    }
    // Another declared type is not read at all.
    const octets = await upload(ctx, owner, url, pdf, { 'content-type': 'application/octet-stream' });
    expect(octets.statusCode).toBe(415);
    expect(octets.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await resourceLessons(ctx, courseId)).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);
  });

  it('refuses a file over 20 MB with 413, whether its length is declared or it comes in chunks, storing nothing', async () => {
    const owner = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    const url = uploadUrl(courseId, sectionId);
    const pdf = minimalPdf();
    const oversized = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(curriculumLimits.resourceMaxBytes, 0x20), pdf.subarray(9)]);

    const declared = await upload(ctx, owner, url, oversized);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.code).toBe('RESOURCE_TOO_LARGE');

    // No Content-Length: counted as it arrives, and cut at the cap.
    const chunks = (function* () {
      for (let sent = 0; sent < oversized.length; sent += 1024 * 1024) yield oversized.subarray(sent, sent + 1024 * 1024);
    })();
    const chunked = await upload(ctx, owner, url, Readable.from(chunks));
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().error.code).toBe('RESOURCE_TOO_LARGE');

    expect(await resourceLessons(ctx, courseId)).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(readdirSync(path.join(ctx.dataDir, 'uploads-incoming'))).toEqual([]);
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);

    // Exactly at the cap is fine.
    const atCap = Buffer.concat([pdf.subarray(0, 9), Buffer.alloc(curriculumLimits.resourceMaxBytes - pdf.length, 0x20), pdf.subarray(9)]);
    expect((await upload(ctx, owner, url, atCap)).statusCode).toBe(201);
  });

  it('answers 404 for a section of another course, 403 to another teacher and 401 signed out', async () => {
    const owner = await signedInUser(ctx.app);
    const otherTeacher = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    const theirs = await courseOf(ctx, otherTeacher);

    const wrongSection = await upload(ctx, owner, uploadUrl(courseId, theirs.sectionId), minimalPdf());
    expect(wrongSection.statusCode).toBe(404);
    expect(wrongSection.json().error.code).toBe('SECTION_NOT_FOUND');
    const forbidden = await upload(ctx, otherTeacher, uploadUrl(courseId, sectionId), minimalPdf());
    expect(forbidden.statusCode).toBe(403);
    const signedOut = await upload(ctx, null, uploadUrl(courseId, sectionId), minimalPdf());
    expect(signedOut.statusCode).toBe(401);
    const noCourse = await upload(ctx, owner, uploadUrl(2_000_000_000, sectionId), minimalPdf());
    expect(noCourse.statusCode).toBe(404);
    expect((await upload(ctx, owner, uploadUrl(courseId, sectionId, { title: '   ' }), minimalPdf())).statusCode).toBe(400);

    expect(await resourceLessons(ctx, courseId)).toEqual([]);
    expect(await resourceLessons(ctx, theirs.courseId)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("counts in the course owner's upload allowance, as video uploads do", async () => {
    const owner = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    // Video uploads in progress that declare nearly all the owner's space.
    const left = 1000;
    await ctx.db.insert(uploadsInProgress).values({ id: crypto.randomUUID(), ownerId: owner.id, declaredBytes: ctx.config.uploadsMaxDeclaredBytesPerUser - left });
    const response = await upload(ctx, owner, uploadUrl(courseId, sectionId), minimalPdf());
    expect(minimalPdf().length).toBeLessThan(left);
    // A small PDF fits what is left…
    expect(response.statusCode).toBe(201);
    // …a larger one does not: refused before its bytes are read.
    const large = Buffer.concat([minimalPdf().subarray(0, 9), Buffer.alloc(2 * left, 0x20), minimalPdf().subarray(9)]);
    const refused = await upload(ctx, owner, uploadUrl(courseId, sectionId), large);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('UPLOAD_SPACE_EXCEEDED');

    // The uploads at once: the owner's, whoever sends the file.
    await ctx.db.delete(uploadsInProgress);
    await ctx.db.insert(uploadsInProgress).values(Array.from({ length: ctx.config.uploadsMaxUnfinishedPerUser }, () => ({ id: crypto.randomUUID(), ownerId: owner.id, declaredBytes: 1 })));
    const admin = await signedInAdmin(ctx.app);
    const busy = await upload(ctx, admin, uploadUrl(courseId, sectionId), minimalPdf());
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('UNFINISHED_UPLOADS_LIMIT');
    expect(await resourceLessons(ctx, courseId)).toHaveLength(1);
  });

  it('refuses a lesson past the course cap with CURRICULUM_LESSON_LIMIT, reading no file', async () => {
    const owner = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    const room = curriculumDefaults.maxLessons - 2 - 1;
    await ctx.db.insert(courseLessons).values(Array.from({ length: room }, (_, index) => ({ courseId, sectionId, position: 3 + index, title: `Texto ${index}`, kind: 'text' as const, body: 'x', durationSeconds: 1 })));
    expect((await upload(ctx, owner, uploadUrl(courseId, sectionId), minimalPdf())).statusCode).toBe(201);
    const full = await upload(ctx, owner, uploadUrl(courseId, sectionId), minimalPdf());
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('CURRICULUM_LESSON_LIMIT');
    expect(storedFiles()).toHaveLength(1);
  });

  it('downloads through a short-lived link as an attachment that is never shown in place, for buyers, the owner and previews only', async () => {
    const owner = await signedInUser(ctx.app);
    const buyer = await signedInUser(ctx.app);
    const stranger = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner, buyer);
    const bytes = minimalPdf('Download me');
    const created = await upload(ctx, owner, uploadUrl(courseId, sectionId, { fileName: 'Guía "rápida" 100%.PDF' }), bytes);
    const [lesson] = await resourceLessons(ctx, courseId);

    const link = linkFor(lesson!, buyer.id);
    expect(link).toEqual({ url: expect.stringMatching(/^\/api\/resources\/[\w.-]+$/), name: 'Guía "rápida" 100%.pdf', sizeBytes: bytes.length, expiresAt: expect.any(String) });
    expect(created.json().id).toBe(lesson!.id);
    const download = await ctx.app.inject({ url: link.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Gu_a _r_pida_ 100_.pdf"; filename*=UTF-8''Gu%C3%ADa%20%22r%C3%A1pida%22%20100%25.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(String(download.headers['content-security-policy'])).toContain('sandbox');
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.rawPayload).toEqual(bytes);

    expect((await ctx.app.inject({ url: linkFor(lesson!, owner.id).url })).statusCode).toBe(200);
    // Not for a stranger, nor a visitor, of a lesson that is not a preview.
    for (const userId of [stranger.id, null]) expect((await ctx.app.inject({ url: linkFor(lesson!, userId).url })).statusCode).toBe(403);
    // A preview downloads for anyone.
    await ctx.db.update(courseLessons).set({ isPreview: true }).where(eq(courseLessons.id, lesson!.id));
    expect((await ctx.app.inject({ url: linkFor(lesson!, null).url })).rawPayload).toEqual(bytes);
    await ctx.db.update(courseLessons).set({ isPreview: false }).where(eq(courseLessons.id, lesson!.id));

    // Expired, altered, or for another lesson: refused without a word about the file.
    const expired = linkFor(lesson!, buyer.id, Date.now() - ctx.config.videoUrlTtlSeconds * 1000 - 1000);
    const token = link.url.split('/').at(-1)!;
    const key = deriveResourceUrlKey(secret());
    const otherLesson = createResourceToken(key, { lessonId: lesson!.id + 1, userId: buyer.id, expiresAt: new Date(Date.now() + 60_000) });
    const tampered = [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, token.replace(/^[0-9a-z]+/, 'zzzzzzz'), `${token.split('.').slice(0, 2).join('.')}.${otherLesson.split('.').slice(2).join('.')}`, 'not-a-token'];
    for (const url of [expired.url, ...tampered.map((bad) => `/api/resources/${bad}`)]) {
      const refused = await ctx.app.inject({ url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain(lesson!.resourceKey!);
    }
    expect(verifyResourceToken(key, otherLesson)?.lessonId).toBe(lesson!.id + 1);
    // The video links' key signs no resource link.
    expect(verifyResourceToken(deriveResourceUrlKey(`${secret()}x`), token)).toBeNull();
    // A resource link grants its file only: no video, HLS copy or captions through it.
    for (const url of [`/api/videos/stream/${token}`, `/api/videos/hls/${token}/master.m3u8`, `/api/videos/captions/${token}/es`]) expect((await ctx.app.inject({ url })).statusCode, url).toBe(403);

    // A course taken out of the catalogue keeps its files for its buyers and its owner, as its
    // lessons and videos, and no longer opens its previews to everyone.
    const preview = await ctx.db.update(courseLessons).set({ isPreview: true }).where(eq(courseLessons.id, lesson!.id)).returning();
    expect((await ctx.app.inject({ url: linkFor(preview[0]!, null).url })).statusCode).toBe(200);
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, courseId));
    expect((await ctx.app.inject({ url: link.url })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: linkFor(lesson!, owner.id).url })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: linkFor(preview[0]!, null).url })).statusCode).toBe(403);
    await ctx.db.update(courses).set({ disabledAt: null }).where(eq(courses.id, courseId));
    await ctx.db.update(courseLessons).set({ isPreview: false }).where(eq(courseLessons.id, lesson!.id));

    // A refund ends links already handed out.
    await ctx.db.delete(enrollments).where(eq(enrollments.userId, buyer.id));
    expect((await ctx.app.inject({ url: link.url })).statusCode).toBe(403);
  });

  it("removes a resource's file with its lesson, and lists a course's files for its removal", async () => {
    const owner = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    await upload(ctx, owner, uploadUrl(courseId, sectionId), minimalPdf('One'));
    await upload(ctx, owner, uploadUrl(courseId, sectionId), minimalPdf('Two'));
    const keys = await courseResourceKeys(ctx.db, courseId);
    expect(keys).toHaveLength(2);
    expect(await courseResourceKeys(ctx.db, courseId, sectionId + 1_000_000)).toEqual([]);
    const [first] = await resourceLessons(ctx, courseId);
    await ctx.db.delete(courseLessons).where(eq(courseLessons.id, first!.id));
    await removeResourceFile(ctx.app.videoStorage, first!.resourceKey);
    expect(existsSync(path.join(videosDirFor(ctx.dataDir), first!.resourceKey!))).toBe(false);
    expect(storedFiles()).toHaveLength(1);
    // Its link stops at once, and the other lesson is untouched.
    expect((await ctx.app.inject({ url: linkFor(first!, owner.id).url })).statusCode).toBe(403);
    await expect(removeResourceFile(ctx.app.videoStorage, first!.resourceKey)).resolves.toBeUndefined();
  });
});

describe('resource file names and headers', () => {
  it('keeps the last path segment, drops control and direction characters, caps the length and ends in .pdf', () => {
    expect(sanitizeResourceName('C:\\Users\\ana\\notas.pdf')).toBe('notas.pdf');
    expect(sanitizeResourceName('../../../etc/passwd')).toBe('passwd.pdf');
    expect(sanitizeResourceName('a\u0000b\nc\u202Efdp.exe')).toBe('abcfdp.exe.pdf');
    expect(sanitizeResourceName('...hidden.PDF')).toBe('hidden.pdf');
    expect(sanitizeResourceName('   ')).toBe('document.pdf');
    expect(sanitizeResourceName('/')).toBe('document.pdf');
    const long = sanitizeResourceName(`${'é'.repeat(500)}.pdf`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('é.pdf')).toBe(true);
  });

  it('names the file for old and new clients alike, with nothing that breaks the header', () => {
    expect(attachmentDisposition('plan.pdf')).toBe(`attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    const header = attachmentDisposition('a"b\\c;d\r\n.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('"')).toHaveLength(3);
  });
});

describe('resource lessons in object storage (S3_*)', () => {
  const s3 = useS3Server();
  const ctx = useTestApp(() => s3.env);

  it('stores the PDF in the bucket and redirects a download to a presigned URL that answers it as an attachment', async () => {
    const owner = await signedInUser(ctx.app);
    const buyer = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner, buyer);
    const bytes = minimalPdf('Bucket');
    const response = await upload(ctx, owner, uploadUrl(courseId, sectionId, { fileName: "Ficha d'été (v2)*.pdf" }), bytes);
    expect(response.statusCode, response.body).toBe(201);
    const [lesson] = await resourceLessons(ctx, courseId);
    expect(await ctx.app.videoStorage.stat(lesson!.resourceKey!)).toMatchObject({ size: bytes.length });
    expect(readdirSync(path.join(ctx.dataDir, 'uploads-incoming'))).toEqual([]);

    const link = resourceDownloadLink(lesson!, { secret: ctx.config.videoUrlSecret ?? ctx.config.authSecret!, ttlSeconds: 60, userId: buyer.id });
    const redirect = await ctx.app.inject({ url: link.url });
    expect(redirect.statusCode).toBe(302);
    const location = new URL(String(redirect.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${TEST_BUCKET}/${lesson!.resourceKey}`);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toBe(attachmentDisposition("Ficha d'été (v2)*.pdf"));
    expect(fetched.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);

    const stranger = await signedInUser(ctx.app);
    const refused = await ctx.app.inject({ url: resourceDownloadLink(lesson!, { secret: ctx.config.videoUrlSecret ?? ctx.config.authSecret!, ttlSeconds: 60, userId: stranger.id }).url });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.location).toBeUndefined();

    await removeResourceFile(ctx.app.videoStorage, lesson!.resourceKey);
    expect(await ctx.app.videoStorage.stat(lesson!.resourceKey!)).toBeNull();
  });

  it('removes the stored file when the lesson cannot be recorded', async () => {
    const owner = await signedInUser(ctx.app);
    const { courseId, sectionId } = await courseOf(ctx, owner);
    // The section goes while the file arrives: the insert under the lock finds it gone.
    const payload = new Readable({ read() {} });
    const sending = upload(ctx, owner, uploadUrl(courseId, sectionId), payload);
    const pdf = minimalPdf();
    payload.push(pdf.subarray(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The file is arriving: its place in the owner's allowance is held.
    expect(await ctx.db.select().from(uploadsInProgress)).toHaveLength(1);
    await ctx.db.delete(courseSections).where(eq(courseSections.id, sectionId));
    payload.push(pdf.subarray(20));
    payload.push(null);
    const response = await sending;
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('SECTION_NOT_FOUND');
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const storage = ctx.app.videoStorage as unknown as { client: { send(command: unknown): Promise<{ Contents?: { Key?: string }[] }> }; bucket: string };
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `resources/${courseId}/` }));
    expect(listed.Contents ?? []).toEqual([]);
  });
});
