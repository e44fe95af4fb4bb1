import { z } from 'zod';
import { urlWholeNumber } from '../api-schemas';
import { courseLanguages, courseLevels, maxPage, orderStatuses, paymentStatuses } from '../limits';
import { imageUrlField } from './auth';
import { orderNumberPattern } from '../order-number';

/**
 * Contracts of the admin area (`/api/admin/*`), shared by the server routes and the admin pages.
 * Validation messages are field-error keys (`validation.<name>`, see ./courses).
 */

/** Rows per page in the admin lists. */
export const adminPageSize = 20;

export const activityFilters = ['active', 'inactive'] as const;
export type ActivityFilter = (typeof activityFilters)[number];

const pageField = urlWholeNumber(1, maxPage).default(1);
const searchField = z.string().trim().max(100).optional();

export const adminListQuery = z.object({
  status: z.enum(activityFilters).default('active'),
  q: searchField,
  page: pageField,
});
export type AdminListQuery = z.input<typeof adminListQuery>;

/** Checkouts never paid: expired ones, and unpaid ones past their expiry. Hidden from the order list unless asked for. */
export const abandonedOrders = 'abandoned';
export const adminOrderStatusFilters = [...paymentStatuses, abandonedOrders] as const;
export const adminOrdersQuery = z.object({
  /** Without a status, every order but the abandoned checkouts (`abandoned` lists those). */
  status: z.enum(adminOrderStatusFilters).optional(),
  page: pageField,
  /** An order number as receipts print it, or its beginning ("3F2A", "#3F2A9C01"). */
  number: z.string().trim().regex(orderNumberPattern, 'validation.orderNumber').optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const adminPageQuery = z.object({ page: pageField });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageCount: z.number().int(), pageSize: z.number().int() });
export type Page<T> = { items: T[]; total: number; page: number; pageCount: number; pageSize: number };

export const userIdParam = z.object({ id: z.string().min(1).max(64) });
export const orderIdParam = z.object({ id: z.uuid() });

/** An optional image: an http(s) link or a path on this site; empty means none. */
const optionalImage = z.union([imageUrlField, z.literal('').transform(() => null), z.null()]);

// ---------------------------------------------------------------------------
// Courses
// ---------------------------------------------------------------------------

// The admin edits a course with the teacher's edit schema, `editCourseSchema` of ./courses.

export const adminCourseRow = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  teacherName: z.string(),
  priceCents: z.number().int(),
  disabledAt: z.string().nullable(),
});
export type AdminCourseRow = z.infer<typeof adminCourseRow>;

export const adminCourseDetail = adminCourseRow.extend({
  description: z.string(),
  durationHours: z.number().int(),
  level: z.enum(courseLevels),
  language: z.enum(courseLanguages),
  categoryId: z.number().int(),
  category: z.string(),
  subcategoryId: z.number().int(),
  subcategory: z.string(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  enrollmentCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminCourseDetail = z.infer<typeof adminCourseDetail>;

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

export const adminUserEditSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(80, 'validation.nameTooLong'),
  image: optionalImage,
});
export type AdminUserEdit = z.input<typeof adminUserEditSchema>;

export const adminUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  isAdmin: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUserCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  teacherName: z.string(),
  priceCents: z.number().int(),
  disabledAt: z.string().nullable(),
});

export const adminUserDetail = z.object({
  user: adminUserRow,
  bought: z.array(adminUserCourse),
  created: z.array(adminUserCourse),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

// ---------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------

export const categoryNameSchema = z.object({
  name: z.string().trim().min(1, 'validation.categoryNameRequired').max(60, 'validation.categoryNameTooLong'),
});
export type CategoryNameInput = z.input<typeof categoryNameSchema>;

export const adminSubcategory = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  disabledAt: z.string().nullable(),
  courseCount: z.number().int(),
});
export type AdminSubcategory = z.infer<typeof adminSubcategory>;

export const adminCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  disabledAt: z.string().nullable(),
  courseCount: z.number().int(),
  subcategories: z.array(adminSubcategory),
});
export type AdminCategory = z.infer<typeof adminCategory>;

// ---------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------

export const adminOrder = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The coupon the order was priced with, as its creator typed it; null without one. */
  couponCode: z.string().nullable(),
  /**
   * `priceCents`: what was paid for the line (its list price less the coupon's discount), and what its refund gives back.
   * `referred`: the teacher brought the buyer (referral link or their own coupon).
   * `refundedAt`: when the line's payment was given back (a line refund, or the whole order's); null while it stands.
   */
  items: z.array(
    z.object({
      courseId: z.number().int(),
      title: z.string(),
      priceCents: z.number().int(),
      listPriceCents: z.number().int(),
      discountCents: z.number().int(),
      referred: z.boolean(),
      refundedAt: z.string().nullable(),
    }),
  ),
  /** In cents, as the payment provider reports it. */
  amountTotal: z.number().int(),
  currency: z.string(),
  /** As stored: a paid order stays `paid` until its last line is refunded. */
  paymentStatus: z.enum(paymentStatuses),
  /** As shown: `partly_refunded` for a paid order some of whose lines were refunded. */
  status: z.enum(orderStatuses),
});
export type AdminOrder = z.infer<typeof adminOrder>;

// ---------------------------------------------------------------------------
// Dashboard and audit log
// ---------------------------------------------------------------------------

/** Days in the dashboard's revenue chart, today included. */
export const revenueDays = 30;

export const adminDashboard = z.object({
  revenueCents: z.number(),
  paidOrders: z.number().int(),
  users: z.number().int(),
  activeCourses: z.number().int(),
  /** One entry per UTC day, oldest first, the last one today. */
  revenueByDay: z.array(z.object({ date: z.string(), revenueCents: z.number() })),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const auditActions = [
  'course.edit',
  'course.disable',
  'course.enable',
  'user.edit',
  'user.disable',
  'user.enable',
  'user.makeAdmin',
  'category.create',
  'category.rename',
  'category.disable',
  'category.enable',
  'subcategory.create',
  'subcategory.rename',
  'subcategory.disable',
  'subcategory.enable',
  'order.refund',
  'message.delete',
  'payouts.retryTransfer',
  'payouts.reconcile',
  'coupon.create',
  'coupon.disable',
  'coupon.enable',
  'coupon.overCap',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditQuery = z.object({ action: z.enum(auditActions).optional(), page: pageField });

export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
