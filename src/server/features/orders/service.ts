import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../shared/languages';
import { limits } from '../../../shared/limits';
import type { EnrolledCourse, HeldCourse, Order, PlayerCourse } from '../../../shared/schemas/orders';
import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { cartCoupons, courses, enrollments, invoices, orderItems, orders } from '../../db/schema';
import { buyableCartLines } from './cart-lines';
import { cartTotals, couponCandidates, couponError, type CouponLine, coveredCourseIds, expireBuyerCheckoutsWithCoupon, priceLines, resolveCoupon, sellerCouponRefers } from '../coupons';
import { displayedImageUrl, summaryColumns } from '../catalog';
import { progressColumns } from '../learning';
import { grantCourses } from './enrollments';
import { saleLineState, shownOrderStatus } from './sale-lines';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/provider';
import { enqueueSessionExpiry } from './abandoned-checkouts';
import { fulfilOrder } from './fulfilment';
import { applyProviderSession } from './settlement';

/**
 * How long a checkout stays payable. Stripe accepts 30 minutes to 24 hours for a
 * session's `expires_at`; the order and the provider's session expire together.
 */
export const ORDER_TTL_MS = 60 * 60 * 1000;

/** An order whose total is zero (only free courses) needs no provider. */
const FREE_PROVIDER = 'free';


type CheckoutDeps = {
  db: Database;
  provider: PaymentProvider;
  /** The platform's fee now (PLATFORM_FEE_PERCENT × 100), recorded on each line of the order. */
  platformFeeBasisPoints: number;
  /** The fee on a line the teacher brought (100 − REFERRAL_TEACHER_PERCENT, × 100). */
  referralFeeBasisPoints: number;
  /** The least discount, in percent of the list price, with which the seller's own coupon makes a line referred (REFERRAL_MIN_DISCOUNT_PERCENT). */
  referralMinDiscountPercent: number;
  successUrl: string;
  cancelUrl: string;
  log: FastifyBaseLogger;
  /** Runs the queued expiries of abandoned checkouts' provider sessions now, without being awaited (checkout-expiry-job.ts). */
  expireAbandonedSessions?: () => void;
};

/** Visits through teachers' referral links that still attribute a course's purchase to its teacher. */
export type ReferralAttributions = ReadonlyArray<{ courseId: number; teacherId: string }>;

/**
 * Turns the user's cart into an order priced from the database (order_items keep each
 * course's title, list price, the coupon's discount and the price paid at this moment), then
 * opens a checkout session with the provider for the discounted prices. Nothing the browser
 * sends is read. A line is referred (its teacher gets the referral share) when an attribution
 * names its course and its seller, or when the seller's own coupon takes at least
 * `referralMinDiscountPercent` of its list price off it.
 */
export async function startCheckout(
  { db, provider, platformFeeBasisPoints, referralFeeBasisPoints, referralMinDiscountPercent, successUrl, cancelUrl, log, expireAbandonedSessions }: CheckoutDeps,
  user: SessionUser,
  locale?: Language,
  referrals: ReferralAttributions = [],
): Promise<{ orderId: string; url: string }> {
  const lines = await buyableCartLines(db, user.id);
  if (lines.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty');
  const [cartCoupon] = await db.select({ code: cartCoupons.code }).from(cartCoupons).where(eq(cartCoupons.userId, user.id));
  const expiresAt = new Date(Date.now() + ORDER_TTL_MS);

  const order = { id: randomUUID() };
  const abandoned: string[] = [];
  const priced = await db.transaction(async (tx) => {
    await lockPerUser(tx as unknown as Database, 'checkout', user.id);
    const coupon = cartCoupon ? await claimCoupon(tx as unknown as Database, cartCoupon.code, user.id, lines) : null;
    const referredCourseIds = new Set(
      lines
        .filter(
          (line) =>
            referrals.some((referral) => referral.courseId === line.courseId && referral.teacherId === line.sellerId) ||
            (coupon?.ownerId === line.sellerId &&
              coupon.coveredCourseIds.has(line.courseId) &&
              sellerCouponRefers(line.priceCents, coupon.terms, referralMinDiscountPercent)),
        )
        .map((line) => line.courseId),
    );
    const pricedLines = priceLines(
      lines.map((line) => ({ ...line, listPriceCents: line.priceCents })),
      { coupon, referredCourseIds, platformFeeBasisPoints, referralFeeBasisPoints },
    );
    const amountTotal = cartTotals(pricedLines).totalCents;
    // A buyer who opens yet another checkout has left the older ones: past the cap the oldest
    // stop being pending (a payment that still arrives for one is honoured, see fulfilOrder).
    // Run before the new order is inserted, so it counts only the older checkouts.
    const olderExpired = await tx
      .update(orders)
      .set({ paymentStatus: 'expired' })
      .where(
        inArray(
          orders.id,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.userId, user.id), eq(orders.paymentStatus, 'unpaid')))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .offset(limits.openCheckoutsPerUser - 1),
        ),
      )
      .returning({ id: orders.id });
    // Abandoned here, expired at the provider by a job that commits with this mark.
    abandoned.splice(0, abandoned.length, ...(coupon?.abandonedOrderIds ?? []), ...olderExpired.map((row) => row.id));
    await enqueueSessionExpiry(tx as unknown as Database, abandoned);
    // The order and its items are one statement (one round trip).
    const createOrder = tx.$with('created_order').as(
      tx
        .insert(orders)
        .values({
          id: order.id,
          userId: user.id,
          amountTotal,
          currency: 'usd',
          provider: amountTotal === 0 ? FREE_PROVIDER : provider.name,
          expiresAt,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.code ?? null,
        })
        .returning({ id: orders.id }),
    );
    await tx
      .with(createOrder)
      .insert(orderItems)
      .values(
        pricedLines.map((line) => ({
          orderId: order.id,
          courseId: line.courseId,
          listPriceCents: line.listPriceCents,
          discountCents: line.discountCents,
          priceCents: line.priceCents,
          referred: line.referred,
          title: line.title,
          sellerId: line.sellerId,
          feeBasisPoints: line.feeBasisPoints,
          feeCents: line.feeCents,
          teacherShareCents: line.teacherShareCents,
        })),
      );
    return { lines: pricedLines, amountTotal };
  });
  const { amountTotal } = priced;
  // The older sessions are expired at the provider in the background: a provider that is slow or
  // down never holds up this checkout (the job is retried by the worker's own poll).
  if (abandoned.length > 0) expireAbandonedSessions?.();

  if (amountTotal === 0) {
    const sessionId = `free_${order.id}`;
    await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, order.id));
    await fulfilOrder(db, order.id);
    return { orderId: order.id, url: successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId) };
  }

  let session: { sessionId: string; url: string };
  try {
    session = await provider.createCheckoutSession({
      orderId: order.id,
      customerEmail: user.email,
      currency: 'usd',
      // The provider charges the prices computed here, after the coupon.
      lines: priced.lines.map((line) => ({ courseId: line.courseId, title: line.title, unitAmountCents: line.priceCents, imageUrl: line.imageUrl })),
      amountTotal,
      expiresAt,
      successUrl,
      cancelUrl,
      locale,
    });
  } catch (error) {
    // No session was opened: the order can never be paid.
    await db.update(orders).set({ paymentStatus: 'failed' }).where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'unpaid')));
    log.warn({ orderId: order.id }, 'checkout session could not be created');
    throw error;
  }
  const [stored] = await db.transaction(async (tx) => {
    const rows = await tx.update(orders).set({ providerSessionId: session.sessionId }).where(eq(orders.id, order.id)).returning({ paymentStatus: orders.paymentStatus });
    // Abandoned while its session was being opened (another checkout of the buyer's, or the sweep):
    // the job that ran then found no session to expire, so this one asks for it.
    if (rows[0]?.paymentStatus === 'expired') await enqueueSessionExpiry(tx as unknown as Database, [order.id]);
    return rows;
  });
  if (stored?.paymentStatus === 'expired') expireAbandonedSessions?.();
  return { orderId: order.id, url: session.url };
}

/**
 * The cart's coupon, taken for the order being created in `tx`: the rows the code may mean stay
 * locked until the transaction ends, so concurrent checkouts count a coupon's uses one after the
 * other and the last use goes to one of them only (the uses are read after the lock, see
 * `couponCandidates`). Any problem refuses the checkout; the code was accepted when it was kept in
 * the cart, so the buyer is told what changed since. Then the buyer's own older checkouts with the
 * coupon are abandoned (a buyer back from the payment page may check out again).
 */
async function claimCoupon(tx: Database, code: string, buyerId: string, lines: readonly CouponLine[]) {
  const { standing, problem } = resolveCoupon(await couponCandidates(tx, code, buyerId, lines, { lock: true }), lines);
  if (problem || !standing) throw couponError(problem ?? 'COUPON_NOT_FOUND');
  const { coupon } = standing;
  const abandonedOrderIds = await expireBuyerCheckoutsWithCoupon(tx, coupon.id, buyerId);
  return {
    id: coupon.id,
    code: coupon.code,
    ownerId: coupon.ownerId,
    terms: coupon,
    coveredCourseIds: coveredCourseIds(coupon, standing.listedCourseIds, lines),
    abandonedOrderIds,
  };
}

/** Orders with their items, newest first. */
async function loadOrders(db: Database, where: SQL | undefined): Promise<Order[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(200);
  if (rows.length === 0) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      courseId: orderItems.courseId,
      title: orderItems.title,
      priceCents: orderItems.priceCents,
      listPriceCents: orderItems.listPriceCents,
      discountCents: orderItems.discountCents,
      imageUrl: displayedImageUrl,
      state: saleLineState,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(courses, eq(courses.id, orderItems.courseId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(orderItems.title);
  const documents = await db
    .select({ orderId: invoices.orderId, kind: invoices.kind, number: invoices.number, totalCents: invoices.totalCents, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(
      inArray(
        invoices.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(invoices.number);
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    // An unpaid order past its expiry is expired even before the sweep gets to it.
    status:
      row.paymentStatus === 'unpaid' && row.expiresAt.getTime() <= now
        ? 'expired'
        : shownOrderStatus(
            row.paymentStatus,
            items.filter((item) => item.orderId === row.id).map((item) => item.state),
          ),
    amountTotal: row.amountTotal,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    couponCode: row.couponCode,
    items: items.filter((item) => item.orderId === row.id).map(({ orderId: _orderId, state: _state, ...item }) => item),
    invoiceNumber: documents.find((document) => document.orderId === row.id && document.kind === 'invoice')?.number ?? null,
    creditNotes: documents
      .filter((document) => document.orderId === row.id && document.kind === 'credit_note')
      .map(({ number, totalCents, issuedAt }) => ({ number, totalCents, issuedAt: issuedAt.toISOString() })),
  }));
}

/**
 * The buyer's purchases: paid and refunded orders, and a checkout still open (awaiting payment).
 * A checkout that expired or failed bought nothing, so it is not a purchase: listing it would
 * read as a payment still pending. Admins see every order in /admin/ordenes.
 */
export const listMyOrders = (db: Database, userId: string) =>
  loadOrders(
    db,
    and(
      eq(orders.userId, userId),
      or(inArray(orders.paymentStatus, ['paid', 'refunded']), and(eq(orders.paymentStatus, 'unpaid'), gt(orders.expiresAt, sql`now()`))),
    ),
  );

/**
 * The success page's check. It names the session the provider redirected with; the
 * server asks the provider itself whether that session is paid (the browser's word
 * counts for nothing) and fulfils through the same path as the webhook.
 */
export async function confirmCheckout(db: Database, provider: PaymentProvider, user: SessionUser, sessionId: string, log: FastifyBaseLogger): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.userId, user.id)));
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'No order of yours has this checkout session');
  if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded' && order.provider === provider.name) {
    const session = await provider.retrieveSession(sessionId);
    if (session.id === sessionId && session.orderId === order.id) await applyProviderSession(db, provider.name, session, log);
  }
  const [view] = await loadOrders(db, eq(orders.id, order.id));
  return view!;
}

// --- Enrolments -----------------------------------------------------------------

const enrolledColumns = {
  ...summaryColumns,
  description: courses.description,
  disabledAt: courses.disabledAt,
  enrolledAt: enrollments.createdAt,
};

type EnrolledRow = Omit<HeldCourse, 'disabled' | 'enrolledAt'> & { description: string; disabledAt: Date | null; enrolledAt: Date };

const toHeld = ({ description: _description, disabledAt, enrolledAt, ...row }: EnrolledRow): HeldCourse => ({
  ...row,
  disabled: disabledAt !== null,
  enrolledAt: enrolledAt.toISOString(),
});

/**
 * My courses with their progress, the last watched first, then the ones not started, newest
 * purchase first. A course disabled after purchase stays here: the buyer paid for it.
 */
export async function listEnrollments(db: Database, userId: string): Promise<EnrolledCourse[]> {
  const progress = progressColumns(enrollments.userId, enrollments.courseId);
  const rows = await db
    .select({ ...enrolledColumns, ...progress })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, userId))
    .orderBy(sql`${progress.lastWatchedAt} desc nulls last`, desc(enrollments.createdAt), desc(courses.id));
  return rows.map(({ progressPercent, lastWatchedAt, completedAt, nextLessonId, nextLessonTitle, ...row }) => ({
    ...toHeld(row),
    progressPercent,
    nextLesson: nextLessonId !== null && nextLessonTitle !== null ? { id: nextLessonId, title: nextLessonTitle } : null,
    lastWatchedAt: lastWatchedAt?.toISOString() ?? null,
    completedAt: completedAt?.toISOString() ?? null,
  }));
}

/** The player's data: 404 for an unknown course, 403 when the user has not bought it. */
export async function getEnrolledCourse(db: Database, userId: string, courseId: number): Promise<PlayerCourse> {
  const [row] = await db
    .select(enrolledColumns)
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, userId)))
    .where(eq(courses.id, courseId));
  if (!row) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  if (!row.enrolledAt) throw new AppError('NOT_ENROLLED', 'You have not bought this course');
  return { ...toHeld({ ...row, enrolledAt: row.enrolledAt }), description: row.description };
}

/**
 * One-click enrolment in a free course, without checkout. 404 for an unknown or disabled
 * course; 409 for the user's own course, a course already owned, or one that is not free.
 */
export async function enrollFree(db: Database, userId: string, courseId: number): Promise<{ courseId: number; enrolledAt: string }> {
  const [course] = await db
    .select({ ownerId: courses.ownerId, priceCents: courses.priceCents, disabledAt: courses.disabledAt })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course || course.disabledAt) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  if (course.ownerId === userId) throw new AppError('COURSE_IS_YOURS', 'You created this course; it is already yours');
  if (course.priceCents !== 0) throw new AppError('COURSE_NOT_FREE', 'This course is not free: buy it through the cart');
  return db.transaction(async (tx) => {
    const [created] = await grantCourses(tx as unknown as Database, { userId, courseIds: [courseId], orderId: null });
    if (!created) throw new AppError('COURSE_ALREADY_OWNED', 'You already have this course');
    return { courseId, enrolledAt: created.enrolledAt.toISOString() };
  });
}
