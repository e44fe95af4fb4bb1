import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { storeFixture, videoFixture } from '../../../../test/helpers/videos';
import { createCourse, insertUpload } from '../../db/factories';
import { courseLessons, courses, courseVideos, jobs, lessonProgress } from '../../db/schema';
import type { EditableCurriculum } from '../../../shared/schemas/curriculum-editing';
import { curriculumLimits } from '../../../shared/limits';

describe('the curriculum editor', () => {
  const ctx = useTestApp({ CURRICULUM_MAX_SECTIONS: '3', CURRICULUM_MAX_LESSONS: '4' });

  async function setUp() {
    const teacher = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacher.id });
    const base = `/api/courses/${course.id}/curriculum`;
    return { teacher, course, base };
  }

  const send = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

  const read = async (user: TestUser, base: string) => (await send(user, 'GET', base)).json() as EditableCurriculum;
  const storedHours = async (courseId: number) => (await ctx.db.select({ hours: courses.durationHours }).from(courses).where(eq(courses.id, courseId)))[0]!.hours;

  it('lists the starter curriculum: one section, the intro (free preview) and the main video, neither removable', async () => {
    const { teacher, course, base } = await setUp();
    const curriculum = await read(teacher, base);
    expect(curriculum.sections).toHaveLength(1);
    expect(curriculum.sections[0]!.lessons).toEqual([
      expect.objectContaining({ kind: 'video', isPreview: true, courseVideo: 'intro', body: null }),
      expect.objectContaining({ kind: 'video', isPreview: false, courseVideo: 'main', title: course.title }),
    ]);
    expect(curriculum.limits).toEqual({ maxSections: 3, maxLessons: 4 });
    expect(curriculum.totalSeconds).toBe(course.videos.reduce((sum, video) => sum + video.durationSeconds, 0));
  });

  it('adds, renames and removes a section, with its text lessons', async () => {
    const { teacher, course, base } = await setUp();
    const added = await send(teacher, 'POST', `${base}/sections`, { title: '  Práctica  ' });
    expect(added.statusCode).toBe(201);
    const section = (added.json() as EditableCurriculum).sections[1]!;
    expect(section).toEqual({ id: expect.any(Number), title: 'Práctica', lessons: [] });

    const renamed = await send(teacher, 'PATCH', `${base}/sections/${section.id}`, { title: 'Ejercicios' });
    expect((renamed.json() as EditableCurriculum).sections[1]!.title).toBe('Ejercicios');

    await send(teacher, 'POST', `${base}/sections/${section.id}/lessons`, { kind: 'text', title: 'Lectura', body: 'Hola mundo' });
    const removed = await send(teacher, 'DELETE', `${base}/sections/${section.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as EditableCurriculum).sections.map((s) => s.id)).toEqual([(await read(teacher, base)).sections[0]!.id]);
    expect(await ctx.db.select().from(courseLessons).where(eq(courseLessons.sectionId, section.id))).toEqual([]);
    expect((await ctx.db.select().from(courseLessons).where(eq(courseLessons.courseId, course.id))).length).toBe(2);
  });

  it('adds a text lesson whose length is its reading time, and keeps the course length computed in hours', async () => {
    const { teacher, course, base } = await setUp();
    const sectionId = (await read(teacher, base)).sections[0]!.id;
    // 200 words a minute: 9 000 words are 45 minutes of reading.
    const body = Array.from({ length: 9_000 }, () => 'a').join(' ');
    expect(body.length).toBeLessThanOrEqual(curriculumLimits.textLessonMax);
    const answer = await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'text', title: 'Lectura larga', body });
    expect(answer.statusCode).toBe(201);
    const curriculum = answer.json() as EditableCurriculum;
    const lesson = curriculum.sections[0]!.lessons[2]!;
    expect(lesson).toMatchObject({ kind: 'text', title: 'Lectura larga', body, durationSeconds: 2700, courseVideo: null });
    const videoSeconds = course.videos.reduce((sum, video) => sum + video.durationSeconds, 0);
    expect(curriculum.totalSeconds).toBe(videoSeconds + 2700);
    expect(curriculum.durationHours).toBe(Math.ceil((videoSeconds + 2700) / 3600));
    expect(await storedHours(course.id)).toBe(curriculum.durationHours);

    // A shorter text shortens the course; a preview switch and a new title change nothing else.
    const edited = await send(teacher, 'PATCH', `${base}/lessons/${lesson.id}`, { body: 'Dos palabras', title: 'Breve', isPreview: true });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as EditableCurriculum).sections[0]!.lessons[2]).toMatchObject({ title: 'Breve', isPreview: true, body: 'Dos palabras', durationSeconds: 1 });
    expect(await storedHours(course.id)).toBe(Math.ceil((videoSeconds + 1) / 3600));

    // A video lesson has no body.
    const videoLesson = curriculum.sections[0]!.lessons[0]!;
    expect((await send(teacher, 'PATCH', `${base}/lessons/${videoLesson.id}`, { body: 'Texto' })).statusCode).toBe(400);
  });

  it('refuses a text longer than the limit', async () => {
    const { teacher, base } = await setUp();
    const sectionId = (await read(teacher, base)).sections[0]!.id;
    const body = 'a'.repeat(curriculumLimits.textLessonMax + 1);
    expect((await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'text', title: 'Larga', body })).statusCode).toBe(400);
  });

  it('claims an unclaimed upload of the owner as a video lesson, queues its transcode, and removes it with its file', async () => {
    const { teacher, course, base } = await setUp();
    const sectionId = (await read(teacher, base)).sections[0]!.id;
    const upload = await insertUpload(ctx.db, teacher.id, { durationSeconds: 7200 });
    const file = await storeFixture(ctx.dataDir, upload.storageKey, videoFixture('portrait-4s'));

    // Someone else's upload is not available.
    const stranger = await signedInUser(ctx.app);
    const theirs = await insertUpload(ctx.db, stranger.id);
    const refused = await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'video', title: 'Ajeno', videoId: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ videoId: ['validation.lessonVideoUnavailable'] });

    const added = await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'video', title: 'Segunda parte', videoId: upload.id });
    expect(added.statusCode).toBe(201);
    const lesson = (added.json() as EditableCurriculum).sections[0]!.lessons[2]!;
    expect(lesson).toMatchObject({ kind: 'video', title: 'Segunda parte', durationSeconds: 7200, courseVideo: null, videoState: 'queued' });
    const [claimed] = await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, upload.id));
    expect(claimed).toMatchObject({ courseId: course.id, position: null });
    expect((await ctx.db.select().from(jobs)).map((job) => job.payload)).toContainEqual({ storageKey: upload.storageKey });
    expect(await storedHours(course.id)).toBe(3);
    // No longer among my uploads, nor claimable by a second lesson.
    expect((await send(teacher, 'GET', '/api/videos/uploads')).json().items).toEqual([]);
    expect((await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'video', title: 'Otra vez', videoId: upload.id })).statusCode).toBe(400);

    // A learner's progress in it goes with the lesson.
    await ctx.db.insert(lessonProgress).values({ userId: stranger.id, lessonId: lesson.id, courseId: course.id, positionSeconds: 10, durationSeconds: 7200 });
    const removed = await send(teacher, 'DELETE', `${base}/lessons/${lesson.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as EditableCurriculum).sections[0]!.lessons).toHaveLength(2);
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, upload.id))).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect(await storedHours(course.id)).toBe(1);
  });

  it("removes a section with its resource lessons' files", async () => {
    const { teacher, course, base } = await setUp();
    const section = ((await send(teacher, 'POST', `${base}/sections`, { title: 'Material' })).json() as EditableCurriculum).sections[1]!;
    const resourceKey = `resources/${course.id}-guia.pdf`;
    const file = await storeFixture(ctx.dataDir, resourceKey, videoFixture('portrait-4s'));
    await ctx.db.insert(courseLessons).values({ courseId: course.id, sectionId: section.id, position: 1, title: 'Guía', kind: 'resource', resourceKey, resourceName: 'guia.pdf', resourceSizeBytes: 10 });
    expect((await read(teacher, base)).sections[1]!.lessons).toEqual([expect.objectContaining({ kind: 'resource', resourceName: 'guia.pdf', durationSeconds: 0 })]);

    expect((await send(teacher, 'DELETE', `${base}/sections/${section.id}`)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it("refuses to remove the course's intro and main video lessons, and their section", async () => {
    const { teacher, base } = await setUp();
    const [section] = (await read(teacher, base)).sections;
    for (const lesson of section!.lessons) {
      const answer = await send(teacher, 'DELETE', `${base}/lessons/${lesson.id}`);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('COURSE_VIDEO_LESSON_REQUIRED');
    }
    const answer = await send(teacher, 'DELETE', `${base}/sections/${section!.id}`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('COURSE_VIDEO_LESSON_REQUIRED');
    expect((await read(teacher, base)).sections).toEqual([section]);
  });

  it('keeps the caps on sections and lessons (CURRICULUM_MAX_SECTIONS, CURRICULUM_MAX_LESSONS), even for concurrent adds', async () => {
    const { teacher, base } = await setUp();
    const sectionId = (await read(teacher, base)).sections[0]!.id;
    // 1 section of 3: two more at once, then a third in parallel with them all refused past the cap.
    const sections = await Promise.all([1, 2, 3].map((n) => send(teacher, 'POST', `${base}/sections`, { title: `Sección ${n}` })));
    expect(sections.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409]);
    expect(sections.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('CURRICULUM_SECTION_LIMIT');
    // 2 lessons of 4.
    const lessons = await Promise.all([1, 2, 3].map((n) => send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'text', title: `Lectura ${n}`, body: 'Texto' })));
    expect(lessons.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409]);
    expect(lessons.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('CURRICULUM_LESSON_LIMIT');
    const curriculum = await read(teacher, base);
    expect(curriculum.sections).toHaveLength(3);
    expect(curriculum.lessonCount).toBe(4);
  });

  it('reorders sections and lessons, moving lessons between sections, and refuses an order that is not the whole curriculum', async () => {
    const { teacher, base } = await setUp();
    const first = (await read(teacher, base)).sections[0]!;
    const second = ((await send(teacher, 'POST', `${base}/sections`, { title: 'Segunda' })).json() as EditableCurriculum).sections[1]!;
    const withText = (await send(teacher, 'POST', `${base}/sections/${second.id}/lessons`, { kind: 'text', title: 'Lectura', body: 'Texto' })).json() as EditableCurriculum;
    const text = withText.sections[1]!.lessons[0]!;
    const [intro, main] = first.lessons;

    const order = { sections: [{ id: second.id, lessonIds: [main!.id, text.id] }, { id: first.id, lessonIds: [intro!.id] }] };
    const answer = await send(teacher, 'PUT', `${base}/order`, order);
    expect(answer.statusCode).toBe(200);
    const reordered = await read(teacher, base);
    expect(reordered.sections.map((section) => [section.id, section.lessons.map((lesson) => lesson.id)])).toEqual([
      [second.id, [main!.id, text.id]],
      [first.id, [intro!.id]],
    ]);

    const bad = [
      { sections: [{ id: second.id, lessonIds: [main!.id, text.id] }] },
      { sections: [{ id: second.id, lessonIds: [main!.id] }, { id: first.id, lessonIds: [intro!.id] }] },
      { sections: [{ id: second.id, lessonIds: [main!.id, text.id, text.id] }, { id: first.id, lessonIds: [intro!.id] }] },
      { sections: [{ id: second.id, lessonIds: [main!.id, text.id, 2_000_000] }, { id: first.id, lessonIds: [intro!.id] }] },
    ];
    for (const payload of bad) {
      const refused = await send(teacher, 'PUT', `${base}/order`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('CURRICULUM_ORDER_MISMATCH');
    }
    expect(await read(teacher, base)).toEqual(reordered);
  });

  it("refuses another teacher (403) and lets an admin edit; another course's ids are not found", async () => {
    const { teacher, base } = await setUp();
    const other = await signedInUser(ctx.app);
    const otherCourse = await createCourse(ctx.db, { ownerId: other.id });
    expect((await send(other, 'GET', base)).statusCode).toBe(403);
    expect((await send(other, 'POST', `${base}/sections`, { title: 'Intrusa' })).statusCode).toBe(403);

    const admin = await signedInAdmin(ctx.app);
    expect((await send(admin, 'POST', `${base}/sections`, { title: 'Del admin' })).statusCode).toBe(201);

    // A section of the other course, named under mine.
    const theirSection = (await read(other, `/api/courses/${otherCourse.id}/curriculum`)).sections[0]!;
    const answer = await send(teacher, 'PATCH', `${base}/sections/${theirSection.id}`, { title: 'Mía' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.code).toBe('SECTION_NOT_FOUND');
    expect((await send(teacher, 'DELETE', `${base}/lessons/${theirSection.lessons[0]!.id}`)).json().error.code).toBe('LESSON_NOT_FOUND');
  });
});
