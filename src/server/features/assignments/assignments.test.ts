import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { createCourse } from '../../db/factories';
import { assignmentDraftFiles, assignmentSubmissions, courseSections, enrollments, lessonProgress, mailOutbox, users } from '../../db/schema';
import { assignmentFileTypeOf } from './files';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 \x0e\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00', 'latin1');
/** An empty ZIP archive (its end record alone) and one with a stored file's local header. */
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array(18).fill(0)]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x0a, 0x00]), Buffer.alloc(40)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

type Setup = { owner: TestUser; buyer: TestUser; courseId: number; sectionId: number; lessonId: number };

/** A course of a new owner with a buyer, and an assignment lesson added through the curriculum editor. */
async function setUp(ctx: TestContext, grading: object = { grading: 'pass-fail' }, isPreview = false): Promise<Setup> {
  const owner = await signedInUser(ctx.app);
  const buyer = await signedInUser(ctx.app);
  const course = await createCourse(ctx.db, { ownerId: owner.id });
  const [section] = await ctx.db.select().from(courseSections).where(eq(courseSections.courseId, course.id));
  await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
  const added = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course.id}/curriculum/sections/${section!.id}/lessons`,
    headers: owner.headers,
    payload: { kind: 'assignment', title: 'Ensayo final', isPreview, instructions: 'Escribe **un ensayo**.\n\n![x](https://tracker.example/p.gif)', grading },
  });
  expect(added.statusCode, added.body).toBe(201);
  const lesson = added.json().sections.flatMap((s: { lessons: { id: number; kind: string; durationSeconds: number }[] }) => s.lessons).at(-1);
  expect(lesson.kind).toBe('assignment');
  expect(lesson.durationSeconds).toBe(1800);
  return { owner, buyer, courseId: course.id, sectionId: section!.id, lessonId: lesson.id };
}

const uploadFile = (ctx: TestContext, user: TestUser, lessonId: number, payload: Buffer, fileName = 'trabajo.pdf') =>
  ctx.app.inject({ method: 'PUT', url: `/api/lessons/${lessonId}/assignment/file?fileName=${encodeURIComponent(fileName)}`, headers: { ...user.headers, 'content-type': 'application/octet-stream' }, payload });

const handIn = (ctx: TestContext, user: TestUser, lessonId: number, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/lessons/${lessonId}/assignment/submissions`, headers: user.headers, payload });

const review = (ctx: TestContext, user: TestUser, courseId: number, submissionId: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/assignment-submissions/${submissionId}/review`, headers: user.headers, payload });

const lessonView = (ctx: TestContext, user: TestUser | null, lessonId: number) => ctx.app.inject({ url: `/api/lessons/${lessonId}/assignment`, headers: user?.headers ?? {} });

async function handInText(ctx: TestContext, setup: Setup, text = 'Mi ensayo'): Promise<string> {
  const response = await handIn(ctx, setup.buyer, setup.lessonId, { answerText: text, withFile: false });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().submissions[0].id;
}

describe('assignments', () => {
  const ctx = useTestApp({ ASSIGNMENT_MAX_BYTES: '4096', ASSIGNMENT_MAX_BYTES_PER_LEARNER: '8192', UPLOADS_MAX_UNFINISHED_PER_USER: '10' });

  it('knows a file by its content: PDF, JPEG, PNG, WebP, GIF and ZIP; nothing else', () => {
    const type = (buffer: Buffer) => assignmentFileTypeOf(buffer.subarray(0, 16), buffer.subarray(-1024));
    expect([PDF, JPEG, PNG, WEBP, GIF, ZIP, EMPTY_ZIP].map(type)).toEqual(['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/zip', 'application/zip']);
    for (const other of [EXE, HTML, Buffer.from('%PDF-1.4 without its end'), Buffer.from('PK'), Buffer.alloc(0)]) expect(type(other)).toBeNull();
  });

  it('the teacher adds an assignment lesson and edits its instructions and grading', async () => {
    const setup = await setUp(ctx, { grading: 'points', maxPoints: 10, passingPoints: 6 });
    const url = `/api/courses/${setup.courseId}/assignments/${setup.lessonId}`;
    const read = await ctx.app.inject({ url, headers: setup.owner.headers });
    expect(read.json()).toMatchObject({ lessonId: setup.lessonId, title: 'Ensayo final', grading: 'points', maxPoints: 10, passingPoints: 6 });
    const saved = await ctx.app.inject({ method: 'PUT', url, headers: setup.owner.headers, payload: { instructions: 'Nuevo enunciado', grading: { grading: 'pass-fail' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ instructions: 'Nuevo enunciado', grading: 'pass-fail', maxPoints: null, passingPoints: null });
    // Passing points above the maximum are refused.
    const bad = await ctx.app.inject({ method: 'PUT', url, headers: setup.owner.headers, payload: { instructions: 'x', grading: { grading: 'points', maxPoints: 5, passingPoints: 6 } } });
    expect(bad.statusCode).toBe(400);
    // Another teacher may not, and a lesson of another course is not found.
    const stranger = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ url, headers: stranger.headers })).statusCode).toBe(403);
    const other = await setUp(ctx);
    expect((await ctx.app.inject({ url: `/api/courses/${setup.courseId}/assignments/${other.lessonId}`, headers: setup.owner.headers })).statusCode).toBe(404);
  });

  it('renders the instructions as a text lesson: no image from elsewhere; a paid assignment only for its buyers, owner and admins', async () => {
    const setup = await setUp(ctx);
    const view = await lessonView(ctx, setup.buyer, setup.lessonId);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().instructionsHtml).toContain('<strong>un ensayo</strong>');
    expect(view.json().instructionsHtml).not.toContain('tracker.example');
    expect(view.json()).toMatchObject({ isLearner: true, canHandIn: true, submissions: [] });
    expect((await lessonView(ctx, null, setup.lessonId)).statusCode).toBe(401);
    expect((await lessonView(ctx, await signedInUser(ctx.app), setup.lessonId)).statusCode).toBe(403);
    expect((await lessonView(ctx, setup.owner, setup.lessonId)).json()).toMatchObject({ isLearner: false, canHandIn: false });
  });

  it('a preview assignment is readable by anyone, but only buyers hand in', async () => {
    const setup = await setUp(ctx, { grading: 'pass-fail' }, true);
    expect((await lessonView(ctx, null, setup.lessonId)).json()).toMatchObject({ isLearner: false, canHandIn: false });
    const stranger = await signedInUser(ctx.app);
    expect((await handIn(ctx, stranger, setup.lessonId, { answerText: 'hola', withFile: false })).json().error.code).toBe('NOT_ENROLLED');
    expect((await uploadFile(ctx, stranger, setup.lessonId, PDF)).statusCode).toBe(403);
    expect((await handIn(ctx, setup.owner, setup.lessonId, { answerText: 'hola', withFile: false })).statusCode).toBe(403);
  });

  it.each([
    ['PDF', PDF, 'application/pdf', 'trabajo.pdf'],
    ['JPEG', JPEG, 'image/jpeg', 'trabajo.jpg'],
    ['PNG', PNG, 'image/png', 'trabajo.png'],
    ['WebP', WEBP, 'image/webp', 'trabajo.webp'],
    ['GIF', GIF, 'image/gif', 'trabajo.gif'],
    ['ZIP', ZIP, 'application/zip', 'trabajo.zip'],
  ])('hands in a %s file, whatever its name says, and the teacher downloads it', async (_name, bytes, contentType, downloadName) => {
    const setup = await setUp(ctx);
    const uploaded = await uploadFile(ctx, setup.buyer, setup.lessonId, bytes, 'trabajo.txt');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual({ name: downloadName, contentType, sizeBytes: bytes.length });
    const handedIn = await handIn(ctx, setup.buyer, setup.lessonId, { answerText: null, withFile: true });
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    const submission = handedIn.json().submissions[0];
    expect(submission).toMatchObject({ version: 1, state: 'waiting', file: { name: downloadName, contentType } });
    expect(handedIn.json().draftFile).toBeNull();
    expect(await ctx.db.select().from(assignmentDraftFiles)).toHaveLength(0);

    for (const user of [setup.owner, setup.buyer]) {
      const download = await ctx.app.inject({ url: submission.file.url, headers: user.headers });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(contentType);
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.rawPayload.equals(bytes)).toBe(true);
    }
    // Nobody else reaches it, not even knowing its address.
    expect((await ctx.app.inject({ url: submission.file.url, headers: (await signedInUser(ctx.app)).headers })).statusCode).toBe(404);
  });

  it('refuses a file by its content (a renamed program or page), one too large, and past the learner’s stored bytes', async () => {
    const setup = await setUp(ctx);
    for (const bytes of [EXE, HTML]) {
      const refused = await uploadFile(ctx, setup.buyer, setup.lessonId, bytes, 'trabajo.pdf');
      expect(refused.statusCode).toBe(415);
      expect(refused.json().error.code).toBe('ASSIGNMENT_FILE_TYPE');
    }
    const large = await uploadFile(ctx, setup.buyer, setup.lessonId, Buffer.concat([PDF, Buffer.alloc(5000)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('ASSIGNMENT_FILE_TOO_LARGE');
    // 8 KB in all: two 3 KB files fit (one handed in, one waiting), a third does not.
    const threeKb = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000), Buffer.from('\n%%EOF\n')]);
    expect((await uploadFile(ctx, setup.buyer, setup.lessonId, threeKb)).statusCode).toBe(200);
    expect((await handIn(ctx, setup.buyer, setup.lessonId, { withFile: true })).statusCode).toBe(201);
    const second = await setUp(ctx);
    await ctx.db.insert(enrollments).values({ userId: setup.buyer.id, courseId: second.courseId });
    expect((await uploadFile(ctx, setup.buyer, second.lessonId, threeKb)).statusCode).toBe(200);
    // Replacing the waiting file does not count it twice.
    expect((await uploadFile(ctx, setup.buyer, second.lessonId, threeKb)).statusCode).toBe(200);
    const third = await setUp(ctx);
    await ctx.db.insert(enrollments).values({ userId: setup.buyer.id, courseId: third.courseId });
    const full = await uploadFile(ctx, setup.buyer, third.lessonId, threeKb);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('ASSIGNMENT_STORAGE_FULL');
    // An empty hand-in is refused; so is one naming a file never uploaded.
    expect((await handIn(ctx, setup.buyer, third.lessonId, { answerText: '  ', withFile: false })).statusCode).toBe(400);
    expect((await handIn(ctx, setup.buyer, third.lessonId, { withFile: true })).statusCode).toBe(400);
  });

  it('one hand-in waits at a time; returned, it is handed in again, every version kept; after a pass nothing more', async () => {
    const setup = await setUp(ctx);
    const first = await handInText(ctx, setup, 'Primera versión');
    const again = await handIn(ctx, setup.buyer, setup.lessonId, { answerText: 'Otra', withFile: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ASSIGNMENT_WAITING');

    const returned = await review(ctx, setup.owner, setup.courseId, first, { outcome: 'return', feedback: 'Falta la conclusión' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().submission).toMatchObject({ state: 'returned', feedback: 'Falta la conclusión' });
    const afterReturn = (await lessonView(ctx, setup.buyer, setup.lessonId)).json();
    expect(afterReturn.canHandIn).toBe(true);

    const second = await handInText(ctx, setup, 'Segunda versión');
    const passed = await review(ctx, setup.owner, setup.courseId, second, { outcome: 'grade', passed: true, feedback: 'Bien' });
    expect(passed.json().submission.state).toBe('passed');
    expect(passed.json().earlier).toEqual([expect.objectContaining({ id: first, version: 1, state: 'returned', feedback: 'Falta la conclusión' })]);

    const view = (await lessonView(ctx, setup.buyer, setup.lessonId)).json();
    expect(view.submissions.map((s: { version: number; state: string }) => [s.version, s.state])).toEqual([
      [2, 'passed'],
      [1, 'returned'],
    ]);
    expect(view.canHandIn).toBe(false);
    expect((await handIn(ctx, setup.buyer, setup.lessonId, { answerText: 'Tercera', withFile: false })).json().error.code).toBe('ASSIGNMENT_CLOSED');

    const mine = await ctx.app.inject({ url: '/api/assignments/mine', headers: setup.buyer.headers });
    expect(mine.json().items).toEqual([expect.objectContaining({ lessonId: setup.lessonId, state: 'passed', version: 2 })]);
  });

  it('grades by points: passed at the passing points, failed below, never above the maximum', async () => {
    const setup = await setUp(ctx, { grading: 'points', maxPoints: 10, passingPoints: 6 });
    const submission = await handInText(ctx, setup);
    expect((await review(ctx, setup.owner, setup.courseId, submission, { outcome: 'grade', points: 11, feedback: '' })).statusCode).toBe(400);
    expect((await review(ctx, setup.owner, setup.courseId, submission, { outcome: 'grade', feedback: '' })).statusCode).toBe(400);
    const failed = await review(ctx, setup.owner, setup.courseId, submission, { outcome: 'grade', points: 5, feedback: 'Casi' });
    expect(failed.json().submission).toMatchObject({ state: 'failed', points: 5 });
    const other = await setUp(ctx, { grading: 'points', maxPoints: 10, passingPoints: 6 });
    const next = await handInText(ctx, other);
    expect((await review(ctx, other.owner, other.courseId, next, { outcome: 'grade', points: 6, feedback: '' })).json().submission).toMatchObject({ state: 'passed', points: 6 });
  });

  it('of two reviews at once one wins and the other is 409', async () => {
    const setup = await setUp(ctx);
    const admin = await signedInAdmin(ctx.app);
    const submission = await handInText(ctx, setup);
    const answers = await Promise.all([
      review(ctx, setup.owner, setup.courseId, submission, { outcome: 'grade', passed: true, feedback: 'Uno' }),
      review(ctx, admin, setup.courseId, submission, { outcome: 'grade', passed: false, feedback: 'Otro' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.db.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.id, submission));
    expect(rows).toHaveLength(1);
    // Exactly one mail, the winner's.
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'assignment-reviewed'));
    expect(mails.filter((mail) => mail.recipient === setup.buyer.email)).toHaveLength(1);
  });

  it('tells the learner by e-mail, in their language, in the review’s transaction', async () => {
    const setup = await setUp(ctx, { grading: 'points', maxPoints: 10, passingPoints: 6 });
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, setup.buyer.id));
    const submission = await handInText(ctx, setup);
    await review(ctx, setup.owner, setup.courseId, submission, { outcome: 'grade', points: 8, feedback: 'Bien' });
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, setup.buyer.email));
    expect(mail).toMatchObject({ kind: 'assignment-reviewed', language: 'en', data: { courseId: setup.courseId, lessonTitle: 'Ensayo final', outcome: 'passed', points: 8, maxPoints: 10 } });
  });

  it('the review queue: waiting hand-ins of my courses, oldest first; an admin sees every course’s', async () => {
    const a = await setUp(ctx);
    const b = await setUp(ctx);
    const admin = await signedInAdmin(ctx.app);
    const first = await handInText(ctx, a, 'primera');
    const second = await handIn(ctx, b.buyer, b.lessonId, { answerText: 'de otro curso', withFile: false });
    expect(second.statusCode).toBe(201);
    // A second learner of course a hands in later.
    const later = await signedInUser(ctx.app);
    await ctx.db.insert(enrollments).values({ userId: later.id, courseId: a.courseId });
    const third = (await handIn(ctx, later, a.lessonId, { answerText: 'tercera', withFile: false })).json().submissions[0].id;

    const queue = (await ctx.app.inject({ url: '/api/teaching/assignment-queue', headers: a.owner.headers })).json();
    expect(queue.items.map((item: { submissionId: string }) => item.submissionId)).toEqual([first, third]);
    expect(queue.total).toBe(2);
    const all = (await ctx.app.inject({ url: '/api/teaching/assignment-queue', headers: admin.headers })).json();
    const ids = all.items.map((item: { submissionId: string }) => item.submissionId);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(third));
    expect(ids).toContain(second.json().submissions[0].id);
    // Reviewed, it leaves the queue; a learner's queue is empty.
    await review(ctx, a.owner, a.courseId, first, { outcome: 'grade', passed: false, feedback: '' });
    expect((await ctx.app.inject({ url: '/api/teaching/assignment-queue', headers: a.owner.headers })).json().items).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/api/teaching/assignment-queue', headers: later.headers })).json().items).toEqual([]);
  });

  it('a returned file: attached while waiting, shown to the learner once reviewed, hidden from everyone else', async () => {
    const setup = await setUp(ctx);
    const submission = await handInText(ctx, setup);
    const url = `/api/courses/${setup.courseId}/assignment-submissions/${submission}/returned-file?fileName=correccion.pdf`;
    expect((await ctx.app.inject({ method: 'PUT', url, headers: { ...setup.owner.headers, 'content-type': 'application/pdf' }, payload: HTML })).statusCode).toBe(415);
    const attached = await ctx.app.inject({ method: 'PUT', url, headers: { ...setup.owner.headers, 'content-type': 'application/pdf' }, payload: PDF });
    expect(attached.statusCode, attached.body).toBe(200);
    const fileUrl = attached.json().url;
    // Not the learner's before the review.
    expect((await ctx.app.inject({ url: fileUrl, headers: setup.buyer.headers })).statusCode).toBe(404);
    expect((await lessonView(ctx, setup.buyer, setup.lessonId)).json().submissions[0].returnedFile).toBeNull();
    await review(ctx, setup.owner, setup.courseId, submission, { outcome: 'return', feedback: 'Mira mis notas' });
    const download = await ctx.app.inject({ url: fileUrl, headers: setup.buyer.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await ctx.app.inject({ url: fileUrl, headers: (await signedInUser(ctx.app)).headers })).statusCode).toBe(404);
    // Reviewed, no file is attached any more.
    expect((await ctx.app.inject({ method: 'PUT', url, headers: { ...setup.owner.headers, 'content-type': 'application/pdf' }, payload: PDF })).statusCode).toBe(409);
    // Another course's owner cannot reach the hand-in through their own course.
    const other = await setUp(ctx);
    expect((await ctx.app.inject({ url: `/api/courses/${other.courseId}/assignment-submissions/${submission}`, headers: other.owner.headers })).statusCode).toBe(404);
  });

  it('completion: a passed review marks the lesson done; the player cannot mark it done itself', async () => {
    const setup = await setUp(ctx);
    const marked = await ctx.app.inject({ method: 'PUT', url: '/api/progress', headers: setup.buyer.headers, payload: { lessons: [{ lessonId: setup.lessonId, completed: true }] } });
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    const progress = async () => (await ctx.app.inject({ url: `/api/progress/${setup.courseId}`, headers: setup.buyer.headers })).json().lessons.find((l: { lessonId: number }) => l.lessonId === setup.lessonId);
    expect((await progress()).state).not.toBe('done');
    expect(await ctx.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, setup.lessonId))).toEqual([]);

    const submission = await handInText(ctx, setup);
    expect((await progress()).state).not.toBe('done');
    await review(ctx, setup.owner, setup.courseId, submission, { outcome: 'grade', passed: true, feedback: '' });
    expect((await progress()).state).toBe('done');
    // Unmarking it from the player changes nothing either.
    await ctx.app.inject({ method: 'PUT', url: '/api/progress', headers: setup.buyer.headers, payload: { lessons: [{ lessonId: setup.lessonId, completed: false }] } });
    expect((await progress()).state).toBe('done');
  });

  it('a removed assignment lesson takes its hand-ins and their stored files with it', async () => {
    const setup = await setUp(ctx);
    expect((await uploadFile(ctx, setup.buyer, setup.lessonId, PDF)).statusCode).toBe(200);
    const submissionId = (await handIn(ctx, setup.buyer, setup.lessonId, { withFile: true })).json().submissions[0].id;
    expect((await uploadFile(ctx, setup.buyer, setup.lessonId, PNG, 'otro.png')).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.id, submissionId));
    const [draft] = await ctx.db.select().from(assignmentDraftFiles).where(eq(assignmentDraftFiles.userId, setup.buyer.id));
    const stored = (key: string) => existsSync(path.join(ctx.dataDir, 'videos', key));
    expect(stored(row!.fileKey!) && stored(draft!.storageKey)).toBe(true);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/courses/${setup.courseId}/curriculum/lessons/${setup.lessonId}`, headers: setup.owner.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ctx.db.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.lessonId, setup.lessonId))).toEqual([]);
    expect(stored(row!.fileKey!)).toBe(false);
    expect(stored(draft!.storageKey)).toBe(false);
  });
});
