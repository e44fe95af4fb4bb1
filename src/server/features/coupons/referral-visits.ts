import { and, asc, count, eq, sql, sum } from 'drizzle-orm';
import type { Referrals } from '../../../shared/schemas/coupons';
import { paths } from '../../../shared/paths';
import type { Database } from '../../db/client';
import { databaseCounter } from '../../db/rate-limit-counter';
import { courses, referralVisits } from '../../db/schema';
import { saleLines, standingLine } from '../orders';
import { ensureReferralCode, teacherOfReferralCode, verifiedReferralAttributions, withReferralAttribution, type ReferralAttribution } from './referral-codes';
import { AppError } from '../../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Visits one client address may record: a person browsing links, not a script pumping the counts. */
export const referralVisitRateLimit = { windowSeconds: 60 * 60, perClient: 60 } as const;

export class ReferralRateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many visits; try again later');
  }
}

export type ReferralSettings = { referralFeeBasisPoints: number; referralWindowMs: number };

/**
 * The caller's referral code and a link per course they own, with its visits and the paid lines
 * it brought. The code is drawn on the first read, for anyone who asks: a user without courses
 * gets a code and no links, and the same code serves the courses they create later.
 */
export async function listReferrals(db: Database, teacherId: string, settings: ReferralSettings): Promise<Referrals> {
  const code = await ensureReferralCode(db, teacherId);
  const owned = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.ownerId, teacherId)).orderBy(asc(courses.id));
  const visitRows = await db.select({ courseId: referralVisits.courseId, visits: referralVisits.visits }).from(referralVisits).where(eq(referralVisits.teacherId, teacherId));
  const saleRows = await db
    .select({
      courseId: saleLines.courseId,
      sales: count(),
      revenue: sum(saleLines.priceCents).mapWith(Number),
      share: sum(saleLines.shareCents).mapWith(Number),
    })
    .from(saleLines)
    .innerJoin(courses, eq(courses.id, saleLines.courseId))
    .where(and(eq(courses.ownerId, teacherId), eq(saleLines.referred, true), standingLine))
    .groupBy(saleLines.courseId);
  const visits = new Map(visitRows.map((row) => [row.courseId, row.visits]));
  const sales = new Map(saleRows.map((row) => [row.courseId, row]));
  return {
    code,
    teacherPercent: 100 - settings.referralFeeBasisPoints / 100,
    windowDays: Math.round(settings.referralWindowMs / DAY_MS),
    items: owned.map((course) => {
      const sold = sales.get(course.id);
      return {
        courseId: course.id,
        title: course.title,
        link: paths.course(course.id, { ref: code }),
        visits: visits.get(course.id) ?? 0,
        sales: sold?.sales ?? 0,
        revenueCents: sold?.revenue ?? 0,
        teacherShareCents: sold?.share ?? 0,
      };
    }),
  };
}

export type ReferralVisit = { code: string; courseId: number; clientAddress: string; cookieHeader: string | undefined; key: Buffer; now: number; windowMs: number };

/**
 * A visit through a referral link: checks that the code's teacher owns the course, counts the
 * visit unless this browser is already attributed to this teacher for this course within the
 * window, and answers the attributions the cookie must now hold.
 */
export async function recordReferralVisit(db: Database, visit: ReferralVisit): Promise<ReferralAttribution[]> {
  const byClient = await databaseCounter(db).consume(
    `referral-visit:client:${visit.clientAddress}`,
    { window: referralVisitRateLimit.windowSeconds, max: referralVisitRateLimit.perClient },
    visit.now,
  );
  if (!byClient.allowed) throw new ReferralRateLimitedError(byClient.retryAfter ?? referralVisitRateLimit.windowSeconds);

  const notFound = () => new AppError('REFERRAL_NOT_FOUND', 'No teacher has this referral link');
  const teacherId = await teacherOfReferralCode(db, visit.code);
  if (!teacherId) throw notFound();
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, visit.courseId), eq(courses.ownerId, teacherId)));
  if (!course) throw notFound();

  const current = verifiedReferralAttributions(visit.cookieHeader, visit.key, visit.now, visit.windowMs);
  const alreadyCounted = current.some((entry) => entry.courseId === visit.courseId && entry.teacherId === teacherId);
  if (!alreadyCounted) {
    await db
      .insert(referralVisits)
      .values({ teacherId, courseId: visit.courseId, visits: 1 })
      .onConflictDoUpdate({ target: [referralVisits.teacherId, referralVisits.courseId], set: { visits: sql`${referralVisits.visits} + 1` } });
  }
  return withReferralAttribution(current, { courseId: visit.courseId, teacherId, at: visit.now });
}
