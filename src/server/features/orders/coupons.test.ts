import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as, checkout } from '../../../../test/helpers/commerce';
import { useStripeFake } from '../../../../test/helpers/stripe-fake';
import type { SessionUser } from '../../auth/guards';
import { createCartItem, createCourse, createTeacher, createUser, insertCoupon } from '../../db/factories';
import { cartCoupons, coupons, enrollments, orderItems, orders } from '../../db/schema';
import { type CouponRecord, couponUseCounts } from '../coupons';
import { expireStaleOrders, fulfilOrder } from './fulfilment';
import { startCheckout } from './service';

describe('checkout with a coupon (built-in test provider)', () => {
  const ctx = useTestApp();

  const apply = async (user: TestUser, code: string) => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(user), payload: { code } });
    if (response.statusCode !== 200) throw new Error(`apply failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const tryCheckout = (user: TestUser) => ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: as(user), payload: {} });
  const orderRow = async (orderId: string) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const linesOf = async (orderId: string) => ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.listPriceCents);
  const ordersWith = async (coupon: CouponRecord) => ctx.db.select().from(orders).where(eq(orders.couponId, coupon.id));
  const useCounts = async (coupon: CouponRecord) => (await couponUseCounts(ctx.db, [coupon.id])).get(coupon.id);

  /** A buyer whose cart holds courses of one teacher at these prices and, when asked, a course of another (3000). */
  async function buyerWithCart(prices: number[], { foreign = false } = {}) {
    const teacher = await createTeacher(ctx.db);
    const bought = [];
    for (const priceCents of prices) bought.push(await createCourse(ctx.db, { ownerId: teacher, priceCents }));
    const other = foreign ? await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db), priceCents: 3000 }) : null;
    const user = await signedInUser(ctx.app);
    for (const course of [...bought, ...(other ? [other] : [])]) await addToCart(ctx.app, user, course.id);
    return { teacher, user, courses: bought, other };
  }

  it('records each line’s list price, discount and price paid; the total and the payment page are the discounted sum; paying spends the cart’s code', async () => {
    const { teacher, user, courses, other } = await buyerWithCart([1999, 4550], { foreign: true });
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'Mitad', discountValue: 50 });
    await apply(user, 'MITAD');
    const { orderId, url } = await checkout(ctx.app, user);

    const order = await orderRow(orderId);
    expect(order).toMatchObject({ couponId: coupon.id, couponCode: 'Mitad', amountTotal: 999 + 2275 + 3000, provider: 'test', paymentStatus: 'unpaid' });
    const lines = await linesOf(orderId);
    expect(lines.map((line) => [line.courseId, line.listPriceCents, line.discountCents, line.priceCents])).toEqual([
      [courses[0]!.id, 1999, 1000, 999],
      [other!.id, 3000, 0, 3000],
      [courses[1]!.id, 4550, 2275, 2275],
    ]);
    for (const line of lines) expect(line.feeCents + line.teacherShareCents).toBe(line.priceCents);
    // The teacher's own coupon brought the buyer to the teacher's lines: they carry the referral fee.
    expect(lines.map((line) => [line.courseId, line.referred, line.feeBasisPoints])).toEqual([
      [courses[0]!.id, true, ctx.config.payouts.referralFeeBasisPoints],
      [other!.id, false, ctx.config.payouts.platformFeeBasisPoints],
      [courses[1]!.id, true, ctx.config.payouts.referralFeeBasisPoints],
    ]);
    // The provider's page charges the discounted lines.
    const page = await ctx.app.inject({ url: new URL(url).pathname, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('$62.74 USD');
    expect(page.body).not.toContain('$95.49');

    expect(await useCounts(coupon)).toEqual({ uses: 0, heldUses: 1 });
    expect((await fulfilOrder(ctx.db, orderId)).fulfilled).toBe(true);
    expect(await useCounts(coupon)).toEqual({ uses: 1, heldUses: 0 });
    expect(await ctx.db.select().from(cartCoupons).where(eq(cartCoupons.userId, user.id))).toEqual([]);
    const history = (await ctx.app.inject({ url: '/api/orders', headers: as(user) })).json().items;
    expect(history[0]).toMatchObject({ couponCode: 'Mitad', amountTotal: 6274, status: 'paid' });
    expect(history[0].items.find((item: { courseId: number }) => item.courseId === courses[1]!.id)).toMatchObject({ listPriceCents: 4550, discountCents: 2275, priceCents: 2275 });
  });

  it('enrols without the provider when a 100 % coupon makes the whole cart free, and records the free order with its coupon', async () => {
    const { teacher, user, courses } = await buyerWithCart([1999, 4550]);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'GRATIS', discountValue: 100 });
    await apply(user, 'gratis');
    const { orderId, url } = await checkout(ctx.app, user);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ provider: 'free', paymentStatus: 'paid', amountTotal: 0, couponId: coupon.id, couponCode: 'GRATIS', providerSessionId: `free_${orderId}` });
    expect(url).toBe(`${ctx.config.publicUrl}/formpage/success?session_id=free_${orderId}`);
    expect((await linesOf(orderId)).map((line) => [line.listPriceCents, line.discountCents, line.priceCents, line.feeCents, line.teacherShareCents])).toEqual([
      [1999, 1999, 0, 0, 0],
      [4550, 4550, 0, 0, 0],
    ]);
    expect((await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).map((row) => row.courseId).sort()).toEqual(courses.map((course) => course.id).sort());
    expect(await useCounts(coupon)).toEqual({ uses: 1, heldUses: 0 });
    expect(await ctx.db.select().from(cartCoupons).where(eq(cartCoupons.userId, user.id))).toEqual([]);
  });

  it('holds a use for an open checkout, counts it once paid, and frees it when the checkout expires', async () => {
    const { teacher, user: first, courses } = await buyerWithCart([2000]);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'ONLY-ONE', maxUses: 1 });
    const second = await signedInUser(ctx.app);
    await addToCart(ctx.app, second, courses[0]!.id);
    await apply(first, 'ONLY-ONE');
    await apply(second, 'ONLY-ONE');
    const held = await checkout(ctx.app, first);
    expect(await useCounts(coupon)).toEqual({ uses: 0, heldUses: 1 });

    // The open checkout holds the only use: the second buyer is refused, and their cart says why.
    const refused = await tryCheckout(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('COUPON_USED_UP');
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, second.id))).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(second) })).json()).toMatchObject({ discountCents: 0, totalCents: 2000, coupon: { problem: 'COUPON_USED_UP' } });

    // Abandoned: once its expiry passes the use is free again, before and after the sweep marks it.
    await ctx.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, held.orderId));
    expect(await useCounts(coupon)).toEqual({ uses: 0, heldUses: 0 });
    expect(await expireStaleOrders(ctx.db)).toBe(1);
    const taken = await checkout(ctx.app, second);
    expect((await orderRow(taken.orderId)).amountTotal).toBe(1000);
    await fulfilOrder(ctx.db, taken.orderId);
    expect(await useCounts(coupon)).toEqual({ uses: 1, heldUses: 0 });

    // Used up for good: the first buyer's retry is refused.
    expect((await tryCheckout(first)).json().error.code).toBe('COUPON_USED_UP');
  });

  it('gives the last use to exactly one of the buyers checking out at once', async () => {
    const { teacher, user: first, courses } = await buyerWithCart([2500]);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'LAST', maxUses: 3 });
    // Two uses gone already: one paid, one held by another buyer's open checkout.
    for (const paymentStatus of ['paid', 'unpaid'] as const) {
      await ctx.db.insert(orders).values({
        userId: (await createUser(ctx.db)).id,
        amountTotal: 0,
        currency: 'usd',
        provider: 'test',
        paymentStatus,
        expiresAt: new Date(Date.now() + 600_000),
        couponId: coupon.id,
        couponCode: coupon.code,
      });
    }
    const racers = [first];
    for (let index = 1; index < 4; index++) {
      const buyer = await signedInUser(ctx.app);
      await addToCart(ctx.app, buyer, courses[0]!.id);
      racers.push(buyer);
    }
    for (const buyer of racers) await apply(buyer, 'last');

    const answers = await Promise.all(racers.map((buyer) => tryCheckout(buyer)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().error.code).toBe('COUPON_USED_UP');
    const won = (await ordersWith(coupon)).filter((order) => racers.some((buyer) => buyer.id === order.userId));
    expect(won).toHaveLength(1);
    expect(won[0]!.amountTotal).toBe(1250);
    expect(await useCounts(coupon)).toEqual({ uses: 1, heldUses: 2 });
  });

  it('lets a buyer back from the payment page check out again with a once-per-buyer coupon: the new checkout replaces the old', async () => {
    const { teacher, user } = await buyerWithCart([3000]);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'ONCE-EACH', maxUses: 1, maxUsesPerBuyer: 1 });
    await apply(user, 'ONCE-EACH');
    const abandoned = await checkout(ctx.app, user);
    // Back in the cart, the coupon still applies.
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json()).toMatchObject({ totalCents: 1500, coupon: { problem: null } });
    const again = await checkout(ctx.app, user);
    expect((await orderRow(abandoned.orderId)).paymentStatus).toBe('expired');
    expect(await orderRow(again.orderId)).toMatchObject({ paymentStatus: 'unpaid', couponId: coupon.id, amountTotal: 1500 });
    expect(await useCounts(coupon)).toEqual({ uses: 0, heldUses: 1 });
    await fulfilOrder(ctx.db, again.orderId);
    // Paid once: the buyer has used it.
    await addToCart(ctx.app, user, (await createCourse(ctx.db, { ownerId: teacher })).id);
    const reapplied = await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(user), payload: { code: 'once-each' } });
    // Used up: the one answer for a code that cannot be used, which says nothing of its uses.
    expect(reapplied.json().error.code).toBe('COUPON_NOT_FOUND');
  });

  it('refuses the checkout, creating no order, when the cart’s coupon stopped applying', async () => {
    const { teacher, user } = await buyerWithCart([3000]);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'ENDING' });
    await apply(user, 'ENDING');
    await ctx.db.update(coupons).set({ disabledAt: new Date() }).where(eq(coupons.id, coupon.id));
    const response = await tryCheckout(user);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('COUPON_EXPIRED');
    expect(await ctx.db.select().from(orders)).toEqual([]);
  });

  it('marks as referred the lines an attribution names with their seller, and the lines of the seller’s own coupon', async () => {
    const referredTeacher = await createTeacher(ctx.db);
    const couponTeacher = await createTeacher(ctx.db);
    const plainTeacher = await createTeacher(ctx.db);
    const attributed = await createCourse(ctx.db, { ownerId: referredTeacher, priceCents: 5001 });
    const discounted = await createCourse(ctx.db, { ownerId: couponTeacher, priceCents: 4000 });
    const plain = await createCourse(ctx.db, { ownerId: plainTeacher, priceCents: 2999 });
    const buyer = await createUser(ctx.db);
    for (const course of [attributed, discounted, plain]) await createCartItem(ctx.db, { userId: buyer.id, courseId: course.id });
    await insertCoupon(ctx.db, { createdBy: couponTeacher, code: 'TEACHER25', discountValue: 25 });
    await ctx.db.insert(cartCoupons).values({ userId: buyer.id, code: 'teacher25' });
    const user: SessionUser = { id: buyer.id, name: buyer.name, email: buyer.email, image: null, isAdmin: false };
    const sent: { unitAmountCents: number }[][] = [];
    const provider = {
      ...ctx.app.payments,
      createCheckoutSession: async (input: { lines: { unitAmountCents: number }[] }) => {
        sent.push(input.lines);
        return { sessionId: 'cs_recorded', url: 'https://pay.example/cs_recorded' };
      },
    };
    const fees = { platformFeeBasisPoints: 2000, referralFeeBasisPoints: 300, referralMinDiscountPercent: 10 };
    const { orderId } = await startCheckout(
      { db: ctx.db, provider, ...fees, successUrl: 'https://x/s', cancelUrl: 'https://x/c', log: ctx.app.log },
      user,
      'es',
      [
        { courseId: attributed.id, teacherId: referredTeacher },
        // Not the course's seller: no referral.
        { courseId: plain.id, teacherId: referredTeacher },
      ],
    );
    const lines = await linesOf(orderId);
    const line = (courseId: number) => lines.find((row) => row.courseId === courseId)!;
    expect(line(attributed.id)).toMatchObject({ referred: true, feeBasisPoints: 300, priceCents: 5001, feeCents: 150, teacherShareCents: 4851 });
    expect(line(discounted.id)).toMatchObject({ referred: true, feeBasisPoints: 300, listPriceCents: 4000, discountCents: 1000, priceCents: 3000, feeCents: 90, teacherShareCents: 2910 });
    expect(line(plain.id)).toMatchObject({ referred: false, feeBasisPoints: 2000, priceCents: 2999, feeCents: 600, teacherShareCents: 2399 });
    expect((await orderRow(orderId)).amountTotal).toBe(5001 + 3000 + 2999);
    expect(sent.map((lines) => lines.map((row) => row.unitAmountCents).sort())).toEqual([[2999, 3000, 5001]]);
  });
});

describe('the seller’s own coupon as a referral, past REFERRAL_MIN_DISCOUNT_PERCENT', () => {
  const ctx = useTestApp();

  /** A teacher's course at 2000 in a buyer's cart, with the teacher's own coupon of these terms applied, checked out. */
  async function soldWithOwnCoupon(terms: { discountKind: 'percent' | 'amount'; discountValue: number }) {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher, priceCents: 2000 });
    const buyer = await signedInUser(ctx.app);
    await addToCart(ctx.app, buyer, course.id);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, ...terms });
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(buyer), payload: { code: coupon.code } })).statusCode).toBe(200);
    const { orderId } = await checkout(ctx.app, buyer);
    return (await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;
  }

  it('keeps the normal fee on a line the seller’s own 1-cent coupon discounts: a token coupon does not cut the fee from 20 % to 3 %', async () => {
    expect(await soldWithOwnCoupon({ discountKind: 'amount', discountValue: 1 })).toMatchObject({
      listPriceCents: 2000,
      discountCents: 1,
      priceCents: 1999,
      referred: false,
      feeBasisPoints: 2000,
      feeCents: 400,
      teacherShareCents: 1599,
    });
  });

  it('gives the referral fee from a discount of 10 % of the list price on (the default)', async () => {
    expect(await soldWithOwnCoupon({ discountKind: 'amount', discountValue: 199 })).toMatchObject({ referred: false, feeBasisPoints: 2000, priceCents: 1801, feeCents: 360 });
    expect(await soldWithOwnCoupon({ discountKind: 'percent', discountValue: 10 })).toMatchObject({
      referred: true,
      feeBasisPoints: 300,
      priceCents: 1800,
      feeCents: 54,
      teacherShareCents: 1746,
    });
  });
});

describe('the seller’s own coupon as a referral with REFERRAL_MIN_DISCOUNT_PERCENT set', () => {
  const ctx = useTestApp({ REFERRAL_MIN_DISCOUNT_PERCENT: '50' });

  it('needs that much of the list price off', async () => {
    const teacher = await createTeacher(ctx.db);
    const buyer = await signedInUser(ctx.app);
    for (const priceCents of [2000, 3000]) await addToCart(ctx.app, buyer, (await createCourse(ctx.db, { ownerId: teacher, priceCents })).id);
    // 1000 off each: half of the first, a third of the second.
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, discountKind: 'amount', discountValue: 1000 });
    await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(buyer), payload: { code: coupon.code } });
    const { orderId } = await checkout(ctx.app, buyer);
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.listPriceCents);
    expect(lines.map((line) => [line.listPriceCents, line.referred, line.feeBasisPoints])).toEqual([
      [2000, true, 300],
      [3000, false, 2000],
    ]);
  });
});

describe('checkout with a coupon (Stripe)', () => {
  const { fake, env } = useStripeFake('sk_test_marketplace_fake', 'whsec_marketplace_fake_secret');
  const ctx = useTestApp(env);

  it('sends Stripe the discounted price of each line, and the discounted total', async () => {
    const teacher = await createTeacher(ctx.db);
    const covered = await createCourse(ctx.db, { ownerId: teacher, title: 'A cubierto', priceCents: 1999 });
    const uncovered = await createCourse(ctx.db, { ownerId: teacher, title: 'B sin cupón', priceCents: 4550 });
    const user = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, covered.id);
    await addToCart(ctx.app, user, uncovered.id);
    await insertCoupon(ctx.db, { createdBy: teacher, code: 'SOLO-A', discountKind: 'amount', discountValue: 500, courseIds: [covered.id] });
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(user), payload: { code: 'solo-a' } })).statusCode).toBe(200);
    const { orderId } = await checkout(ctx.app, user);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(fake.session(order!.providerSessionId!).amount_total).toBe(1499 + 4550);
    expect(fake.lineItems.get(order!.providerSessionId!)).toEqual([
      { name: 'A cubierto', unitAmount: 1499, quantity: 1, currency: 'usd' },
      { name: 'B sin cupón', unitAmount: 4550, quantity: 1, currency: 'usd' },
    ]);
  });
});
