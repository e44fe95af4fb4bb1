import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { createCourse, createTeacher, createUser, makeOrder, makeOrderItems } from '../../db/factories';
import { orderItems, orders, rateLimits, referralCodes, referralVisits } from '../../db/schema';
import { deriveReferralKey, readReferralAttributions, REFERRAL_COOKIE, signReferralAttributions } from './referral-codes';
import { referralVisitRateLimit } from './referral-visits';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('referral links', () => {
  // 90 % to the teacher on referred lines, a 3-day window.
  const ctx = useTestApp({ REFERRAL_TEACHER_PERCENT: '90', REFERRAL_WINDOW_DAYS: '3' });
  const windowMs = 3 * DAY_MS;
  const key = () => deriveReferralKey(ctx.config.authSecret!);

  const visit = (payload: object, cookie?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/referrals/visits', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
  /** The `name=value` of the answer's referral cookie. */
  const cookieOf = (response: Awaited<ReturnType<typeof visit>>) => String(response.headers['set-cookie']).split(';')[0]!;
  const visitsOf = async (teacherId: string, courseId: number) =>
    (await ctx.db.select().from(referralVisits).where(and(eq(referralVisits.teacherId, teacherId), eq(referralVisits.courseId, courseId))))[0]?.visits ?? 0;

  async function teacherWithCode() {
    const teacher = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 4000 }, { videos: false });
    const referrals = await ctx.app.inject({ url: '/api/referrals', headers: as(teacher) });
    expect(referrals.statusCode).toBe(200);
    return { teacher, course, code: referrals.json().code as string };
  }

  it('gives a teacher one code, drawn on the first read, and a link per course', async () => {
    const teacher = await signedInUser(ctx.app);
    const first = await createCourse(ctx.db, { ownerId: teacher.id }, { videos: false });
    const second = await createCourse(ctx.db, { ownerId: teacher.id }, { videos: false });
    await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) }, { videos: false });
    const answer = (await ctx.app.inject({ url: '/api/referrals', headers: as(teacher) })).json();
    expect(answer.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(answer).toEqual({
      code: answer.code,
      teacherPercent: 90,
      windowDays: 3,
      items: [first, second].map((course) => ({
        courseId: course.id,
        title: course.title,
        link: `/course/${course.id}?ref=${answer.code}`,
        visits: 0,
        sales: 0,
        revenueCents: 0,
        teacherShareCents: 0,
      })),
    });
    expect((await ctx.app.inject({ url: '/api/referrals', headers: as(teacher) })).json().code).toBe(answer.code);
    expect(await ctx.db.select().from(referralCodes)).toHaveLength(1);
  });

  it('gives a user without courses a code and no links; two first reads at once keep one code', async () => {
    const user = await signedInUser(ctx.app);
    const answers = await Promise.all([1, 2, 3].map(() => ctx.app.inject({ url: '/api/referrals', headers: as(user) })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().code)).size).toBe(1);
    expect(answers[0]!.json().items).toEqual([]);
  });

  it('counts a visit, sets a signed cookie that attributes the course, and does not count the same visitor twice', async () => {
    const { teacher, course, code } = await teacherWithCode();
    const first = await visit({ code, courseId: course.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ attributed: true });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${REFERRAL_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; Max-Age=${(3 * DAY_MS) / 1000}; HttpOnly; SameSite=Lax$`));
    const cookie = cookieOf(first);
    expect(readReferralAttributions(cookie, key(), Date.now(), windowMs)).toEqual([{ courseId: course.id, teacherId: teacher.id }]);
    expect(await visitsOf(teacher.id, course.id)).toBe(1);

    // The same browser again: attributed already, not counted; the code in lower case is the same link.
    const again = await visit({ code: code.toLowerCase(), courseId: course.id }, cookie);
    expect(again.statusCode).toBe(200);
    expect(await visitsOf(teacher.id, course.id)).toBe(1);
    // Another browser counts.
    await visit({ code, courseId: course.id });
    expect(await visitsOf(teacher.id, course.id)).toBe(2);

    // A second course of the same teacher joins the cookie, counted.
    const other = await createCourse(ctx.db, { ownerId: teacher.id }, { videos: false });
    const both = await visit({ code, courseId: other.id }, cookie);
    expect(await visitsOf(teacher.id, other.id)).toBe(1);
    expect(readReferralAttributions(cookieOf(both), key(), Date.now(), windowMs).map((entry) => entry.courseId).sort()).toEqual([course.id, other.id].sort());
    const stats = (await ctx.app.inject({ url: '/api/referrals', headers: as(teacher) })).json();
    expect(stats.items.map((item: { visits: number }) => item.visits)).toEqual([2, 1]);
  });

  it('ignores a tampered or foreign cookie: the visit counts, and the answer’s cookie holds only genuine attributions', async () => {
    const { teacher, course, code } = await teacherWithCode();
    const cookie = cookieOf(await visit({ code, courseId: course.id }));
    const [payload, signature] = cookie.slice(REFERRAL_COOKIE.length + 1).split('.');
    const smuggled = Buffer.from(JSON.stringify([[course.id, teacher.id, Math.floor(Date.now() / 1000)], [999, 'someone', Math.floor(Date.now() / 1000)]])).toString('base64url');
    expect(payload).not.toBe(smuggled);
    const tampered = await visit({ code, courseId: course.id }, `${REFERRAL_COOKIE}=${smuggled}.${signature}`);
    expect(tampered.statusCode).toBe(200);
    expect(await visitsOf(teacher.id, course.id)).toBe(2);
    expect(readReferralAttributions(cookieOf(tampered), key(), Date.now(), windowMs)).toEqual([{ courseId: course.id, teacherId: teacher.id }]);

    const foreign = signReferralAttributions(deriveReferralKey('some-other-secret-0123456789-abcdef'), [{ courseId: course.id, teacherId: teacher.id, at: Date.now() }]);
    await visit({ code, courseId: course.id }, `${REFERRAL_COOKIE}=${foreign}`);
    expect(await visitsOf(teacher.id, course.id)).toBe(3);
  });

  it('counts the same visitor again once the window has passed', async () => {
    const { teacher, course, code } = await teacherWithCode();
    const stale = signReferralAttributions(key(), [{ courseId: course.id, teacherId: teacher.id, at: Date.now() - windowMs - 60_000 }]);
    const fresh = signReferralAttributions(key(), [{ courseId: course.id, teacherId: teacher.id, at: Date.now() - windowMs + 60_000 }]);
    await visit({ code, courseId: course.id }, `${REFERRAL_COOKIE}=${fresh}`);
    expect(await visitsOf(teacher.id, course.id)).toBe(0);
    const answer = await visit({ code, courseId: course.id }, `${REFERRAL_COOKIE}=${stale}`);
    expect(await visitsOf(teacher.id, course.id)).toBe(1);
    expect(readReferralAttributions(cookieOf(answer), key(), Date.now(), windowMs)).toEqual([{ courseId: course.id, teacherId: teacher.id }]);
  });

  it('moves a course’s attribution to the teacher whose link was followed last', async () => {
    const { teacher, course, code } = await teacherWithCode();
    const { teacher: other, course: otherCourse } = await teacherWithCode();
    // An old attribution of this course to another teacher (say, before the course changed hands).
    const earlier = signReferralAttributions(key(), [
      { courseId: course.id, teacherId: other.id, at: Date.now() - 60_000 },
      { courseId: otherCourse.id, teacherId: other.id, at: Date.now() - 60_000 },
    ]);
    const answer = await visit({ code, courseId: course.id }, `${REFERRAL_COOKIE}=${earlier}`);
    expect(await visitsOf(teacher.id, course.id)).toBe(1);
    expect(readReferralAttributions(cookieOf(answer), key(), Date.now(), windowMs)).toEqual([
      { courseId: otherCourse.id, teacherId: other.id },
      { courseId: course.id, teacherId: teacher.id },
    ]);
  });

  it('refuses an unknown code, or a course that is not the code’s teacher’s (404), counting nothing and setting no cookie', async () => {
    const { course, code } = await teacherWithCode();
    const someoneElses = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) }, { videos: false });
    for (const payload of [
      { code: 'ZZZZZZZZ', courseId: course.id },
      { code, courseId: someoneElses.id },
      { code, courseId: 999_999 },
    ]) {
      const response = await visit(payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('REFERRAL_NOT_FOUND');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await ctx.db.select().from(referralVisits)).toEqual([]);
    expect((await visit({ code: '', courseId: course.id })).statusCode).toBe(400);
  });

  it(`records at most ${referralVisitRateLimit.perClient} visits an hour from one client address (429 RATE_LIMITED)`, async () => {
    const { teacher, course, code } = await teacherWithCode();
    await ctx.db.insert(rateLimits).values({ id: randomUUID(), key: 'referral-visit:client:127.0.0.1', count: referralVisitRateLimit.perClient, lastRequest: Date.now() });
    const refused = await visit({ code, courseId: course.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await visitsOf(teacher.id, course.id)).toBe(0);
  });

  it('reports the sales each link brought: paid referred lines, refunds and other lines left out', async () => {
    const { teacher, course } = await teacherWithCode();
    const buyer = await createUser(ctx.db);
    const other = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1000 }, { videos: false });
    const referredLine = (orderId: string, target: typeof course, extra: Partial<typeof orderItems.$inferInsert> = {}) => ({
      ...makeOrderItems(orderId, [target], 1000)[0]!,
      referred: true,
      ...extra,
    });
    const paidA = makeOrder({ userId: buyer.id, items: [] });
    const paidB = makeOrder({ userId: (await createUser(ctx.db)).id, items: [] });
    const refunded = makeOrder({ userId: (await createUser(ctx.db)).id, items: [], paymentStatus: 'refunded' });
    const open = makeOrder({ userId: (await createUser(ctx.db)).id, items: [], paymentStatus: 'unpaid' });
    const plain = makeOrder({ userId: (await createUser(ctx.db)).id, items: [] });
    await ctx.db.insert(orders).values([paidA, paidB, refunded, open, plain]);
    await ctx.db.insert(orderItems).values([
      referredLine(paidA.id, course),
      referredLine(paidA.id, other, { refundedAt: new Date() }),
      referredLine(paidB.id, course),
      referredLine(refunded.id, course, { refundedAt: new Date() }),
      referredLine(open.id, course),
      makeOrderItems(plain.id, [course])[0]!,
    ]);
    const answer = (await ctx.app.inject({ url: '/api/referrals', headers: as(teacher) })).json();
    // 4000 at a 10 % fee: 3600 to the teacher, per line.
    expect(answer.items).toEqual([
      expect.objectContaining({ courseId: course.id, sales: 2, revenueCents: 8000, teacherShareCents: 7200 }),
      expect.objectContaining({ courseId: other.id, sales: 0, revenueCents: 0, teacherShareCents: 0 }),
    ]);
  });
});
