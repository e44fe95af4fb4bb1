import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { pdfText } from '../../../../test/helpers/pdf-text';
import { createCourse, createOrder } from '../../db/factories';
import { certificates, courseLessons, lessonProgress, users } from '../../db/schema';

describe('certificate routes', () => {
  const ctx = useTestApp();

  const call = (user: TestUser | null, method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url, headers: user ? user.headers : {} });

  /** A learner in `language` who bought a course; `done`: whether every lesson is done. */
  async function learnerOf({ language = 'es', done = true }: { language?: 'es' | 'en'; done?: boolean } = {}) {
    const learner = await signedInUser(ctx.app);
    await ctx.db.update(users).set({ name: 'Núria Castañeda', language }).where(eq(users.id, learner.id));
    const course = await createCourse(ctx.db, { title: 'Diseño gráfico básico', teacherName: 'Iñaki Pérez', priceCents: 1999 });
    const { order } = await createOrder(ctx.db, { userId: learner.id, items: [course] });
    const lessons = await ctx.db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, course.id)).orderBy(courseLessons.id);
    // Not done: the last lesson is left (the first, the intro trailer, would not count).
    await ctx.db.insert(lessonProgress).values(
      // The main video seen played for 62 minutes (the intro's minute does not count: it is not asked for).
      lessons.map((lesson, index) => ({
        userId: learner.id,
        lessonId: lesson.id,
        courseId: course.id,
        positionSeconds: 10,
        durationSeconds: 3720,
        watchedRanges: index === 0 ? [0, 60] : [0, 3720],
        watchedSeconds: index === 0 ? 60 : 3720,
        completedAt: done || index < lessons.length - 1 ? new Date() : null,
      })),
    );
    return { learner, course, order };
  }

  it('issues my certificate once the course is complete, answers the same one again, and lists it', async () => {
    const { learner, course } = await learnerOf();
    const issued = await call(learner, 'POST', `/api/certificates/courses/${course.id}`);
    expect(issued.statusCode).toBe(200);
    const certificate = issued.json();
    expect(certificate).toMatchObject({ courseId: course.id, learnerName: 'Núria Castañeda', courseTitle: 'Diseño gráfico básico', teacherName: 'Iñaki Pérez', language: 'es', state: 'valid' });
    // What the server saw, frozen at issue.
    expect(certificate).toMatchObject({ lessonsCompleted: 1, videoSecondsWatched: 3720 });

    expect((await call(learner, 'POST', `/api/certificates/courses/${course.id}`)).json()).toEqual(certificate);
    const mine = await call(learner, 'GET', '/api/certificates');
    expect(mine.json()).toEqual({ items: [certificate] });
    // Another user has none.
    expect((await call(await signedInUser(ctx.app), 'GET', '/api/certificates')).json()).toEqual({ items: [] });
  });

  it('refuses a certificate while a lesson is left (409), for a course I do not hold (403), for no such course (404)', async () => {
    const { learner, course } = await learnerOf({ done: false });
    const early = await call(learner, 'POST', `/api/certificates/courses/${course.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('COURSE_NOT_COMPLETE');
    const stranger = await signedInUser(ctx.app);
    expect((await call(stranger, 'POST', `/api/certificates/courses/${course.id}`)).json().error.code).toBe('NOT_ENROLLED');
    expect((await call(learner, 'POST', '/api/certificates/courses/999999')).json().error.code).toBe('COURSE_NOT_FOUND');
  });

  it("gives the holder their certificate's PDF in its language, with their name, the course, the teacher, the date, the code and the address to verify it", async () => {
    const { learner, course } = await learnerOf();
    const { code } = (await call(learner, 'POST', `/api/certificates/courses/${course.id}`)).json();
    const response = await call(learner, 'GET', `/api/certificates/${code}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificado-diseno-grafico-basico.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload).join(' ');
    expect(text).toContain('CURSOS ONLINE');
    expect(text).toContain('Certificado de finalización');
    expect(text).toContain('Núria Castañeda');
    expect(text).toContain('Diseño gráfico básico');
    expect(text).toContain('impartido por Iñaki Pérez');
    expect(text).toContain('Todas las lecciones completadas según el registro del sitio: 1 lección, 1 h 02 min de vídeo vistos');
    expect(text).toMatch(new RegExp(`\\d{1,2} de \\w+ de ${new Date().getUTCFullYear()}`));
    expect(text).toContain(code);
    expect(text).toContain(`${ctx.config.publicUrl}/certificado/${code}`);
  });

  it('draws an English learner\'s certificate in English, with the English page\'s address', async () => {
    const { learner, course } = await learnerOf({ language: 'en' });
    const { code } = (await call(learner, 'POST', `/api/certificates/courses/${course.id}`)).json();
    const response = await call(learner, 'GET', `/api/certificates/${code.toLowerCase()}/pdf`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="certificate-diseno-grafico-basico.pdf"');
    const text = pdfText(response.rawPayload).join(' ');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('taught by Iñaki Pérez');
    expect(text).toContain('Every lesson completed as the site recorded it: 1 lesson, 1 h 02 min of video watched');
    expect(text).toContain(`${ctx.config.publicUrl}/certificate/${code}`);
  });

  it('keeps a certificate issued before what it certifies was recorded valid, stating nothing of it', async () => {
    const { learner, course } = await learnerOf();
    const { code } = (await call(learner, 'POST', `/api/certificates/courses/${course.id}`)).json();
    await ctx.db.update(certificates).set({ lessonsCompleted: null, videoSecondsWatched: null }).where(eq(certificates.code, code));
    expect((await call(null, 'GET', `/api/certificates/${code}/verification`)).json()).toMatchObject({ state: 'valid', lessonsCompleted: null, videoSecondsWatched: null });
    const text = pdfText((await call(learner, 'GET', `/api/certificates/${code}/pdf`)).rawPayload).join(' ');
    expect(text).toContain('Núria Castañeda');
    expect(text).not.toContain('registro del sitio');
  });

  it("is 404 for another user's certificate, as for an unknown code; an admin gets any; signed out is 401", async () => {
    const { learner, course } = await learnerOf();
    const { code } = (await call(learner, 'POST', `/api/certificates/courses/${course.id}`)).json();
    const stranger = await signedInUser(ctx.app);
    const theirs = await call(stranger, 'GET', `/api/certificates/${code}/pdf`);
    const unknown = await call(stranger, 'GET', '/api/certificates/ZZZZ-ZZZZ-ZZZZ/pdf');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect((await call(await signedInAdmin(ctx.app), 'GET', `/api/certificates/${code}/pdf`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/certificates/${code}/pdf`)).statusCode).toBe(401);
    expect((await call(learner, 'GET', '/api/certificates/not-a-code/pdf')).statusCode).toBe(400);
  });

  it('verifies a code for anyone, signed out too, and says revoked after a refund (and prints it no more)', async () => {
    const { learner, course, order } = await learnerOf();
    const { code, issuedAt } = (await call(learner, 'POST', `/api/certificates/courses/${course.id}`)).json();
    const valid = await call(null, 'GET', `/api/certificates/${code}/verification`);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      code,
      learnerName: 'Núria Castañeda',
      courseId: course.id,
      courseTitle: 'Diseño gráfico básico',
      teacherName: 'Iñaki Pérez',
      issuedAt,
      state: 'valid',
      revokedAt: null,
      lessonsCompleted: 1,
      videoSecondsWatched: 3720,
      // The course sets no certificate rules: nothing more was required, and there is no final score.
      achievements: { quizzes: [], assignments: [] },
      finalScore: null,
    });

    const admin = await signedInAdmin(ctx.app);
    const refund = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin.headers, payload: {} });
    expect(refund.statusCode).toBe(200);

    const revoked = (await call(null, 'GET', `/api/certificates/${code}/verification`)).json();
    expect(revoked).toMatchObject({ code, state: 'revoked' });
    expect(Date.parse(revoked.revokedAt)).not.toBeNaN();
    expect((await call(learner, 'GET', `/api/certificates/${code}/pdf`)).statusCode).toBe(404);
    expect((await call(learner, 'GET', '/api/certificates')).json().items[0]).toMatchObject({ code, state: 'revoked' });
    expect((await call(null, 'GET', '/api/certificates/ZZZZ-ZZZZ-ZZZZ/verification')).statusCode).toBe(404);
  });
});
