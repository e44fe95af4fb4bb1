import { z } from 'zod';
import { couponDiscountKinds, couponLimits, limits, maxDatabaseId } from '../limits';

/**
 * Coupons and referral links. A teacher's coupons cover their own courses; an admin's cover the
 * whole site. Money is integer US cents; a percentage is a whole 1 to 100.
 */

export const couponCodeSchema = z
  .string()
  .trim()
  .min(couponLimits.codeMin)
  .max(couponLimits.codeMax)
  .regex(couponLimits.codePattern, 'Letters, digits, - and _ only');

/** What the buyer types in the cart: any length up to a sane bound; an unknown code is a 404, not a 400. */
export const applyCouponBody = z.object({ code: z.string().trim().min(1).max(64) });
export type ApplyCouponBody = z.infer<typeof applyCouponBody>;

const dateTime = z.iso.datetime({ offset: true });

export const createCouponBody = z
  .object({
    code: couponCodeSchema,
    discountKind: z.enum(couponDiscountKinds),
    /** 1 to 100 for a percentage; cents off each covered course for an amount. */
    discountValue: z.number().int().min(1).max(limits.priceMaxUsd * 100),
    /** The courses it covers; null: all of the teacher's courses (for an admin's coupon, every course). */
    courseIds: z.array(z.number().int().min(1).max(maxDatabaseId)).min(1).max(couponLimits.coursesMax).nullable(),
    /** When it starts (now when absent) and ends (never when absent). */
    startsAt: dateTime.nullish(),
    endsAt: dateTime.nullish(),
    /** Uses in all (no cap when absent), and per buyer (1 when absent). */
    maxUses: z.number().int().min(1).max(couponLimits.maxUsesMax).nullish(),
    maxUsesPerBuyer: z.number().int().min(1).max(couponLimits.maxUsesPerBuyerMax).nullish(),
  })
  .refine((body) => body.discountKind !== 'percent' || body.discountValue <= 100, { path: ['discountValue'], message: 'A percentage is at most 100' })
  .refine((body) => !body.startsAt || !body.endsAt || Date.parse(body.endsAt) > Date.parse(body.startsAt), { path: ['endsAt'], message: 'The end must come after the start' });
export type CreateCouponBody = z.infer<typeof createCouponBody>;

/** Switching a coupon off (or on again). */
export const updateCouponBody = z.object({ active: z.boolean() });

export const couponStatuses = ['active', 'scheduled', 'expired', 'used-up', 'disabled'] as const;

export const couponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    discountKind: z.enum(couponDiscountKinds),
    discountValue: z.number().int(),
    /** Null for a teacher's coupon over all of their courses, or an admin's over the site. */
    courses: z.array(z.object({ id: z.number().int(), title: z.string() })).nullable(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    maxUsesPerBuyer: z.number().int(),
    /** Where it stands now: switched off wins, then its dates, then its uses. */
    status: z.enum(couponStatuses),
    /** Paid orders that used it (a refund does not give the use back). */
    uses: z.number().int(),
    /** Open checkouts holding a use until they are paid or expire. */
    heldUses: z.number().int(),
    /** Uses left (max − uses − held); null without a cap. */
    remainingUses: z.number().int().nullable(),
    /** What buyers paid for the lines it discounted, refunds taken out. */
    revenueCents: z.number().int(),
    /** What it took off those lines. */
    discountCents: z.number().int(),
    /** The address that applies it by itself (`?cupon=`), relative to the site: the course's page, or the catalogue. */
    link: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

export const couponsResponse = z.object({ items: z.array(couponSchema) });

/** The coupon a cart holds, as the cart shows it; `problem` says why it takes nothing off now (then no line is discounted). */
export const cartCouponSchema = z.object({
  code: z.string(),
  discountKind: z.enum(couponDiscountKinds),
  discountValue: z.number().int(),
  problem: z.enum(['COUPON_NOT_FOUND', 'COUPON_EXPIRED', 'COUPON_USED_UP', 'COUPON_NOT_APPLICABLE', 'COUPON_ALREADY_USED']).nullable(),
});
export type CartCoupon = z.infer<typeof cartCouponSchema>;

// --- Referral links -------------------------------------------------------------

export const referralVisitBody = z.object({ code: z.string().trim().min(1).max(64), courseId: z.number().int().min(1).max(maxDatabaseId) });
export const referralVisitResponse = z.object({
  /** The visit now attributes this course's purchase to its teacher, for REFERRAL_WINDOW_DAYS. */
  attributed: z.literal(true),
});

export const referralLinkSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  /** The course page with `?ref=`, relative to the site. */
  link: z.string(),
  visits: z.number().int(),
  /** Paid lines attributed to the link (refunded ones left out), what buyers paid for them, and the teacher's share of it. */
  sales: z.number().int(),
  revenueCents: z.number().int(),
  teacherShareCents: z.number().int(),
});

export const referralsResponse = z
  .object({
    /** The teacher's code, the same for all their courses. */
    code: z.string(),
    /** REFERRAL_TEACHER_PERCENT and REFERRAL_WINDOW_DAYS. */
    teacherPercent: z.number(),
    windowDays: z.number().int(),
    items: z.array(referralLinkSchema),
  })
  .meta({ id: 'Referrals' });
export type Referrals = z.infer<typeof referralsResponse>;
