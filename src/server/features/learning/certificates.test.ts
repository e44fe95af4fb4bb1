import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { certificateCodePattern } from '../../../shared/certificate-code';
import type { Database } from '../../db/client';
import { createCourse, createEnrollment, createOrder, createUser } from '../../db/factories';
import { certificates, courseLessons, lessonProgress, users } from '../../db/schema';
import { refundOrder, type RefundProvider, revokeOrder } from '../orders';
import { issueCertificateIfComplete, newCertificateCode, revokeCertificates } from './certificates';

const provider: RefundProvider = { refund: async (order) => ({ refundId: `re_${order.id}` }) };

/** Marks lessons of the course done for the user: all of them, or the first `count`. */
async function completeLessons(db: Database, userId: string, courseId: number, count?: number) {
  const lessons = await db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, courseId)).orderBy(courseLessons.id);
  const done = lessons.slice(0, count ?? lessons.length);
  if (done.length === 0) return;
  await db
    .insert(lessonProgress)
    .values(done.map((lesson) => ({ userId, lessonId: lesson.id, courseId, positionSeconds: 10, durationSeconds: 10, completedAt: new Date() })))
    .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { completedAt: new Date() } });
}

describe('certificates of completion', () => {
  const ctx = useTestApp();

  async function boughtCourse(language: 'es' | 'en' = 'es') {
    const learner = await createUser(ctx.db, { name: 'Núria Castañeda', language });
    const teacher = await createUser(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher.id, title: 'Diseño gráfico básico', teacherName: 'Iñaki Pérez', priceCents: 1999 });
    const { order } = await createOrder(ctx.db, { userId: learner.id, items: [course] });
    return { learner, course, order, admin: await createUser(ctx.db, { isAdmin: true }) };
  }

  it('makes codes of Crockford base32 in three groups, each different', () => {
    const codes = new Set(Array.from({ length: 500 }, newCertificateCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(certificateCodePattern);
  });

  it('issues nothing until every lesson is done, then one with the name, course, teacher and language of issue', async () => {
    const { learner, course } = await boughtCourse('en');
    expect(await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id })).toBeNull();
    await completeLessons(ctx.db, learner.id, course.id, 1);
    expect(await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id })).toBeNull();
    // A lesson opened but not finished is not done.
    const lessons = await ctx.db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, course.id)).orderBy(courseLessons.id);
    await ctx.db.insert(lessonProgress).values({ userId: learner.id, lessonId: lessons[1]!.id, courseId: course.id, positionSeconds: 5, durationSeconds: 10, completedAt: null });
    expect(await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id })).toBeNull();
    expect(await ctx.db.select().from(certificates)).toHaveLength(0);

    await completeLessons(ctx.db, learner.id, course.id);
    const certificate = await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id });
    expect(certificate).toMatchObject({
      courseId: course.id,
      learnerName: 'Núria Castañeda',
      courseTitle: 'Diseño gráfico básico',
      teacherName: 'Iñaki Pérez',
      language: 'en',
      state: 'valid',
      revokedAt: null,
    });
    expect(certificate!.code).toMatch(certificateCodePattern);
    // Renaming the learner afterwards does not rewrite what was certified, and asking again answers the same one.
    await ctx.db.update(users).set({ name: 'Otra Persona' }).where(eq(users.id, learner.id));
    expect(await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id })).toEqual(certificate);
  });

  it('issues none to someone who does not hold the course, however much they did', async () => {
    const { course } = await boughtCourse();
    const stranger = await createUser(ctx.db);
    await completeLessons(ctx.db, stranger.id, course.id);
    expect(await issueCertificateIfComplete(ctx.db, { userId: stranger.id, courseId: course.id })).toBeNull();
    // Enrolled free, the same work earns it.
    await createEnrollment(ctx.db, { userId: stranger.id, courseId: course.id });
    expect(await issueCertificateIfComplete(ctx.db, { userId: stranger.id, courseId: course.id })).not.toBeNull();
  });

  it('keeps one certificate in force under concurrent calls, and every call answers it', async () => {
    const { learner, course } = await boughtCourse();
    await completeLessons(ctx.db, learner.id, course.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id })));
    const rows = await ctx.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer?.code))).toEqual(new Set([rows[0]!.code]));
  });

  it("is revoked by a refund of the course, in the refund's transaction, and a re-purchase completed again issues a new one", async () => {
    const { learner, course, order, admin } = await boughtCourse();
    await completeLessons(ctx.db, learner.id, course.id);
    const first = await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id });

    await refundOrder(ctx.db, admin.id, order.id, provider);
    const [revoked] = await ctx.db.select().from(certificates).where(eq(certificates.code, first!.code));
    expect(revoked!.revokedAt).toBeInstanceOf(Date);
    // Without the course, no new one, even with every lesson still done.
    expect(await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id })).toBeNull();

    await createOrder(ctx.db, { userId: learner.id, items: [course] });
    await completeLessons(ctx.db, learner.id, course.id);
    const second = await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id });
    expect(second).toMatchObject({ state: 'valid', courseId: course.id });
    expect(second!.code).not.toBe(first!.code);
    const all = await ctx.db.select().from(certificates).where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, course.id)));
    expect(all.map((row) => Boolean(row.revokedAt)).sort()).toEqual([false, true]);
  });

  it("is revoked when a whole order is refunded at the provider, and only for that order's courses", async () => {
    const learner = await createUser(ctx.db);
    const refunded = await createCourse(ctx.db);
    const kept = await createCourse(ctx.db);
    const { order } = await createOrder(ctx.db, { userId: learner.id, items: [refunded] });
    await createOrder(ctx.db, { userId: learner.id, items: [kept] });
    for (const course of [refunded, kept]) {
      await completeLessons(ctx.db, learner.id, course.id);
      await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id });
    }
    await revokeOrder(ctx.db, order.id);
    const rows = await ctx.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect(Object.fromEntries(rows.map((row) => [row.courseId, row.revokedAt !== null]))).toEqual({ [refunded.id]: true, [kept.id]: false });
  });

  it('revokes only certificates in force, and says how many', async () => {
    const { learner, course } = await boughtCourse();
    await completeLessons(ctx.db, learner.id, course.id);
    await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id });
    expect(await revokeCertificates(ctx.db, { userId: learner.id, courseIds: [course.id] })).toBe(1);
    expect(await revokeCertificates(ctx.db, { userId: learner.id, courseIds: [course.id] })).toBe(0);
    expect(await revokeCertificates(ctx.db, { userId: learner.id, courseIds: [] })).toBe(0);
  });
});
