import { and, count, desc, eq, gt, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Coupon, CreateCouponBody } from '../../../shared/schemas/coupons';
import { couponLimits } from '../../../shared/limits';
import { paths } from '../../../shared/paths';
import { recordAudit } from '../../audit';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { couponCourses, coupons, courses } from '../../db/schema';
import { saleLines, standingLine } from '../orders';
import { couponUseCounts, remainingUses as remainingUsesOf } from './coupon-eligibility';
import { AppError, pgErrorCode } from '../../errors';

/** The site's coupons (no owner) share one cap and one lock, whichever admin creates them. */
const SITE_OWNER_KEY = 'site';
/** The admin's list shows the newest coupons only: enough to manage, bounded in size. */
export const siteCouponsShown = 500;

type CouponRow = typeof coupons.$inferSelect;

/** Who a coupon is created for: a teacher over their own courses, or the site over all (by an admin). */
export type CouponOwner = { kind: 'teacher'; userId: string } | { kind: 'site'; adminId: string };

/** Said only of the owner's own coupons: codes are unique per owner, so another teacher's code is never a clash. */
const codeTaken = () => new AppError('COUPON_CODE_TAKEN', 'You already have a coupon with this code');
const notFound = () => new AppError('COUPON_NOT_FOUND', 'Coupon not found');
const coursesNotYours = () => new AppError('COUPON_COURSES_NOT_YOURS', 'A coupon may only cover your own courses');

export async function listOwnCoupons(db: Database, ownerId: string, now = new Date()): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).where(eq(coupons.ownerId, ownerId)).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(couponLimits.perOwner);
  return withStats(db, rows, now);
}

export async function listSiteCoupons(db: Database, now = new Date()): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(siteCouponsShown);
  return withStats(db, rows, now);
}

export async function createCoupon(db: Database, owner: CouponOwner, input: CreateCouponBody, now = new Date()): Promise<Coupon> {
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  // The schema compares two given dates; a start left to "now" is compared here.
  if (endsAt && endsAt.getTime() <= startsAt.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The end must come after the start', { endsAt: ['The end must come after the start'] });
  }
  const courseIds = input.courseIds ? [...new Set(input.courseIds)] : null;
  const ownerId = owner.kind === 'teacher' ? owner.userId : null;
  const createdBy = owner.kind === 'teacher' ? owner.userId : owner.adminId;

  const id = await withUniqueCode(() =>
    db.transaction(async (tx) => {
      await lockPerUser(tx, 'coupons', ownerId ?? SITE_OWNER_KEY);
      const [owned] = await tx
        .select({ total: count() })
        .from(coupons)
        .where(ownerId ? eq(coupons.ownerId, ownerId) : isNull(coupons.ownerId));
      if ((owned?.total ?? 0) >= couponLimits.perOwner) throw new AppError('COUPON_LIMIT_REACHED', `At most ${couponLimits.perOwner} coupons`);
      await checkCourses(tx, ownerId, courseIds);
      const [taken] = await tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(sql`upper(${coupons.code})`, input.code.toUpperCase()), ownerId ? eq(coupons.ownerId, ownerId) : isNull(coupons.ownerId)));
      if (taken) throw codeTaken();
      const [created] = await tx
        .insert(coupons)
        .values({
          code: input.code,
          ownerId,
          createdBy,
          discountKind: input.discountKind,
          discountValue: input.discountValue,
          allCourses: courseIds === null,
          startsAt,
          endsAt,
          maxUses: input.maxUses ?? null,
          maxUsesPerBuyer: input.maxUsesPerBuyer ?? 1,
          createdAt: now,
        })
        .returning({ id: coupons.id });
      if (courseIds) await tx.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: created!.id, courseId })));
      if (owner.kind === 'site') {
        await recordAudit(tx, { actorId: owner.adminId, action: 'coupon.create', targetType: 'coupon', targetId: created!.id, after: { code: input.code, courseIds } });
      }
      return created!.id;
    }),
  );
  return getCoupon(db, id, now);
}

/** A teacher's coupon covers only their courses (and needs at least one); the site's, any existing course. */
async function checkCourses(db: Database, ownerId: string | null, courseIds: number[] | null): Promise<void> {
  if (ownerId === null) {
    if (!courseIds) return;
    const found = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds));
    if (found.length !== courseIds.length) throw new AppError('COURSE_NOT_FOUND', 'A course the coupon names does not exist');
    return;
  }
  if (!courseIds) {
    const [any] = await db.select({ id: courses.id }).from(courses).where(eq(courses.ownerId, ownerId)).limit(1);
    if (!any) throw coursesNotYours();
    return;
  }
  const owned = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(inArray(courses.id, courseIds), eq(courses.ownerId, ownerId)));
  if (owned.length !== courseIds.length) throw coursesNotYours();
}

/** Turns the database's unique-code refusal (the same owner's race past the check) into COUPON_CODE_TAKEN. */
async function withUniqueCode<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw codeTaken();
    throw error;
  }
}

/**
 * Switches a coupon off or on. A teacher reaches only their own coupons (anyone else's is not
 * found); an admin reaches every coupon, and the change is audited.
 */
export async function setCouponActive(db: Database, actor: { userId: string; asAdmin: boolean }, couponId: number, active: boolean, now = new Date()): Promise<Coupon> {
  await db.transaction(async (tx) => {
    const scope = actor.asAdmin ? eq(coupons.id, couponId) : and(eq(coupons.id, couponId), eq(coupons.ownerId, actor.userId));
    const [current] = await tx.select({ disabledAt: coupons.disabledAt }).from(coupons).where(scope).for('update');
    if (!current) throw notFound();
    // Switching off keeps the first moment it went off; switching on clears it.
    const disabledAt = active ? null : (current.disabledAt ?? now);
    await tx.update(coupons).set({ disabledAt }).where(eq(coupons.id, couponId));
    if (actor.asAdmin) {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: active ? 'coupon.enable' : 'coupon.disable',
        targetType: 'coupon',
        targetId: couponId,
        before: { active: current.disabledAt === null },
        after: { active },
      });
    }
  });
  return getCoupon(db, couponId, now);
}

async function getCoupon(db: Database, id: number, now: Date): Promise<Coupon> {
  const rows = await db.select().from(coupons).where(eq(coupons.id, id));
  const [coupon] = await withStats(db, rows, now);
  if (!coupon) throw notFound();
  return coupon;
}

// --- Stats -------------------------------------------------------------------------

type CouponStats = { uses: number; heldUses: number; revenueCents: number; discountCents: number };

/**
 * Uses, open checkouts, revenue and discount of each coupon, in two grouped queries whatever the
 * number of coupons. Uses and held uses are counted as checkout counts them (`couponUseCounts`);
 * revenue and discount count the discounted sold lines still standing (`features/orders/sale-lines.ts`).
 */
async function couponStats(db: Database, couponIds: readonly number[]): Promise<Map<number, CouponStats>> {
  const stats = new Map<number, CouponStats>(couponIds.map((id) => [id, { uses: 0, heldUses: 0, revenueCents: 0, discountCents: 0 }]));
  if (couponIds.length === 0) return stats;
  const ids = [...couponIds];
  const useCounts = await couponUseCounts(db, ids);
  const moneyRows = await db
    .select({ couponId: saleLines.couponId, revenue: sum(saleLines.priceCents).mapWith(Number), discount: sum(saleLines.discountCents).mapWith(Number) })
    .from(saleLines)
    .where(and(inArray(saleLines.couponId, ids), standingLine, gt(saleLines.discountCents, 0)))
    .groupBy(saleLines.couponId);
  for (const [couponId, counts] of useCounts) Object.assign(stats.get(couponId)!, counts);
  for (const row of moneyRows) Object.assign(stats.get(row.couponId!)!, { revenueCents: row.revenue ?? 0, discountCents: row.discount ?? 0 });
  return stats;
}

async function withStats(db: Database, rows: CouponRow[], now: Date): Promise<Coupon[]> {
  const ids = rows.map((row) => row.id);
  const stats = await couponStats(db, ids);
  const courseRows =
    ids.length === 0
      ? []
      : await db
          .select({ couponId: couponCourses.couponId, id: courses.id, title: courses.title })
          .from(couponCourses)
          .innerJoin(courses, eq(courses.id, couponCourses.courseId))
          .where(inArray(couponCourses.couponId, ids))
          .orderBy(couponCourses.couponId, courses.id);
  const coursesOf = new Map<number, { id: number; title: string }[]>();
  for (const row of courseRows) coursesOf.set(row.couponId, [...(coursesOf.get(row.couponId) ?? []), { id: row.id, title: row.title }]);
  return rows.map((row) => toCoupon(row, row.allCourses ? null : (coursesOf.get(row.id) ?? []), stats.get(row.id)!, now));
}

export function couponStatus(row: Pick<CouponRow, 'disabledAt' | 'startsAt' | 'endsAt'>, remainingUses: number | null, now: Date): Coupon['status'] {
  if (row.disabledAt) return 'disabled';
  if (row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'expired';
  if (remainingUses === 0) return 'used-up';
  return 'active';
}

/** Where the code applies itself: the course's page when it covers exactly one named course, the catalogue otherwise. */
export function couponLink(code: string, courseList: readonly { id: number }[] | null): string {
  return courseList?.length === 1 ? paths.course(courseList[0]!.id, { cupon: code }) : paths.allCourses({ cupon: code });
}

function toCoupon(row: CouponRow, courseList: { id: number; title: string }[] | null, stats: CouponStats, now: Date): Coupon {
  const remainingUses = remainingUsesOf(row.maxUses, stats);
  return {
    id: row.id,
    code: row.code,
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    courses: courseList,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerBuyer: row.maxUsesPerBuyer,
    status: couponStatus(row, remainingUses, now),
    uses: stats.uses,
    heldUses: stats.heldUses,
    remainingUses,
    revenueCents: stats.revenueCents,
    discountCents: stats.discountCents,
    link: couponLink(row.code, courseList),
    createdAt: row.createdAt.toISOString(),
  };
}
