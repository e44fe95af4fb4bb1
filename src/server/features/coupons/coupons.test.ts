import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as } from '../../../../test/helpers/commerce';
import { couponLimits } from '../../../shared/limits';
import type { Coupon } from '../../../shared/schemas/coupons';
import { createCourse, createTeacher, createUser, makeOrder } from '../../db/factories';
import { auditLog, couponCourses, coupons, orderItems, orders } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('coupons', () => {
  const ctx = useTestApp();

  const body = (overrides: Record<string, unknown> = {}) => ({ code: 'VERANO24', discountKind: 'percent', discountValue: 25, courseIds: null, ...overrides });
  const create = (user: TestUser, payload: object, url = '/api/coupons') => ctx.app.inject({ method: 'POST', url, headers: as(user), payload });
  const list = async (user: TestUser, url = '/api/coupons') => {
    const response = await ctx.app.inject({ url, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: Coupon[] }).items;
  };
  const setActive = (user: TestUser, id: number, active: boolean, url = `/api/coupons/${id}`) =>
    ctx.app.inject({ method: 'PATCH', url, headers: as(user), payload: { active } });

  async function teacherWithCourses(count = 2) {
    const teacher = await signedInUser(ctx.app);
    const owned = [];
    for (let index = 0; index < count; index += 1) owned.push(await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 2000 + index * 1000 }, { videos: false }));
    return { teacher, owned };
  }

  it('creates a coupon over all of the teacher’s courses with the defaults, and lists it newest first', async () => {
    const { teacher } = await teacherWithCourses();
    const before = Date.now();
    const first = await create(teacher, body({ code: 'Primero' }));
    expect(first.statusCode).toBe(201);
    const coupon = first.json() as Coupon;
    expect(coupon).toMatchObject({
      code: 'Primero',
      discountKind: 'percent',
      discountValue: 25,
      courses: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerBuyer: 1,
      status: 'active',
      uses: 0,
      heldUses: 0,
      remainingUses: null,
      revenueCents: 0,
      discountCents: 0,
      link: '/allcourses?cupon=Primero',
    });
    expect(Date.parse(coupon.startsAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ ownerId: teacher.id, createdBy: teacher.id, allCourses: true });

    const second = (await create(teacher, body({ code: 'SEGUNDO', discountKind: 'amount', discountValue: 500, maxUses: 10, maxUsesPerBuyer: 2 }))).json() as Coupon;
    expect((await list(teacher)).map((item) => item.id)).toEqual([second.id, coupon.id]);
    // Another teacher sees none of them.
    expect(await list(await signedInUser(ctx.app))).toEqual([]);
  });

  it('covers the courses named: one course links to its page, several to the catalogue', async () => {
    const { teacher, owned } = await teacherWithCourses(2);
    const one = (await create(teacher, body({ code: 'UNO', courseIds: [owned[0]!.id] }))).json() as Coupon;
    expect(one.courses).toEqual([{ id: owned[0]!.id, title: owned[0]!.title }]);
    expect(one.link).toBe(`/course/${owned[0]!.id}?cupon=UNO`);
    const both = (await create(teacher, body({ code: 'DOS', courseIds: [owned[1]!.id, owned[0]!.id, owned[1]!.id] }))).json() as Coupon;
    expect(both.courses!.map((course) => course.id).sort()).toEqual([owned[0]!.id, owned[1]!.id].sort());
    expect(both.link).toBe('/allcourses?cupon=DOS');
  });

  it('refuses bad bodies with 400 and stores nothing', async () => {
    const { teacher } = await teacherWithCourses(1);
    const refusals = [
      body({ discountValue: 101 }),
      body({ startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }),
      // An end before "now", the start left out.
      body({ endsAt: new Date(Date.now() - DAY_MS).toISOString() }),
      body({ code: 'CON ESPACIO' }),
      body({ code: 'ÑANDÚ' }),
      body({ code: 'AB' }),
      body({ courseIds: [] }),
      body({ maxUsesPerBuyer: 0 }),
    ];
    for (const payload of refusals) {
      const response = await create(teacher, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ctx.db.select().from(coupons)).toEqual([]);
  });

  it('refuses courses that are not the teacher’s (403), and "all my courses" to someone with none', async () => {
    const { teacher, owned } = await teacherWithCourses(1);
    const someoneElses = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) }, { videos: false });
    const mixed = await create(teacher, body({ courseIds: [owned[0]!.id, someoneElses.id] }));
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().error.code).toBe('COUPON_COURSES_NOT_YOURS');
    const missing = await create(teacher, body({ courseIds: [999_999] }));
    expect(missing.json().error.code).toBe('COUPON_COURSES_NOT_YOURS');
    const noCourses = await create(await signedInUser(ctx.app), body());
    expect(noCourses.statusCode).toBe(403);
    expect(noCourses.json().error.code).toBe('COUPON_COURSES_NOT_YOURS');
    expect(await ctx.db.select().from(coupons)).toEqual([]);
    expect(await ctx.db.select().from(couponCourses)).toEqual([]);
  });

  it('refuses a code the teacher’s own coupons already have in any letter case (409), also when two creations race', async () => {
    const { teacher } = await teacherWithCourses(1);
    expect((await create(teacher, body({ code: 'Black-Friday' }))).statusCode).toBe(201);
    const taken = await create(teacher, body({ code: 'BLACK-friday' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ code: 'COUPON_CODE_TAKEN', message: 'You already have a coupon with this code' });

    const racing = await Promise.all([create(teacher, body({ code: 'carrera' })), create(teacher, body({ code: 'CARRERA' }))]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(racing.find((response) => response.statusCode === 409)!.json().error.code).toBe('COUPON_CODE_TAKEN');
    expect(await ctx.db.select().from(coupons)).toHaveLength(2);
  });

  it('tells a teacher nothing of another teacher’s codes: the same code is created as if it were free, and each coupon discounts only its own teacher’s course', async () => {
    const { teacher, owned: [mine] } = await teacherWithCourses(1);
    const { teacher: other, owned: [theirs] } = await teacherWithCourses(1);
    const first = await create(teacher, body({ code: 'Verano', discountKind: 'percent', discountValue: 10 }));
    expect(first.statusCode).toBe(201);
    // Any letter case, and the site's coupons too: each owner has its own codes.
    const second = await create(other, body({ code: 'VERANO', discountKind: 'percent', discountValue: 50 }));
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ code: 'VERANO', link: '/allcourses?cupon=VERANO' });
    const admin = await signedInAdmin(ctx.app);
    expect((await create(admin, body({ code: 'verano', courseIds: [mine!.id] }), '/api/admin/coupons')).statusCode).toBe(201);
    expect(await ctx.db.select().from(coupons)).toHaveLength(3);

    // The code means, in a cart, the coupon of whoever sells its courses (the oldest usable first).
    const buyer = await signedInUser(ctx.app);
    await addToCart(ctx.app, buyer, theirs!.id);
    const applied = await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(buyer), payload: { code: 'verano' } });
    expect(applied.json()).toMatchObject({ coupon: { code: 'VERANO', discountValue: 50, problem: null }, discountCents: 1000 });
    const secondBuyer = await signedInUser(ctx.app);
    await addToCart(ctx.app, secondBuyer, mine!.id);
    const mineApplied = await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(secondBuyer), payload: { code: 'VERANO' } });
    expect(mineApplied.json()).toMatchObject({ coupon: { code: 'Verano', discountValue: 10, problem: null } });
  });

  it(`holds at most ${couponLimits.perOwner} coupons per teacher (409 COUPON_LIMIT_REACHED), even when creations race`, async () => {
    const { teacher } = await teacherWithCourses(1);
    await ctx.db.insert(coupons).values(
      Array.from({ length: couponLimits.perOwner - 1 }, (_, index) => ({ code: `LLENO${index}`, ownerId: teacher.id, createdBy: teacher.id, discountKind: 'percent' as const, discountValue: 5, allCourses: true })),
    );
    const racing = await Promise.all(['ULTIMO1', 'ULTIMO2', 'ULTIMO3'].map((code) => create(teacher, body({ code }))));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(racing.filter((response) => response.statusCode === 409).map((response) => response.json().error.code)).toEqual(['COUPON_LIMIT_REACHED', 'COUPON_LIMIT_REACHED']);
    expect(await ctx.db.select().from(coupons).where(eq(coupons.ownerId, teacher.id))).toHaveLength(couponLimits.perOwner);
    // Another teacher's allowance is their own.
    const { teacher: other } = await teacherWithCourses(1);
    expect((await create(other, body({ code: 'OTRO' }))).statusCode).toBe(201);
  });

  it('switches a coupon off and on again for its owner; anyone else’s is not found', async () => {
    const { teacher } = await teacherWithCourses(1);
    const coupon = (await create(teacher, body())).json() as Coupon;
    const off = await setActive(teacher, coupon.id, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: coupon.id, status: 'disabled' });
    expect((await list(teacher))[0]!.status).toBe('disabled');
    const on = await setActive(teacher, coupon.id, true);
    expect(on.json()).toMatchObject({ id: coupon.id, status: 'active' });

    const stranger = await signedInUser(ctx.app);
    const refused = await setActive(stranger, coupon.id, false);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('COUPON_NOT_FOUND');
    expect((await setActive(teacher, 999_999, false)).json().error.code).toBe('COUPON_NOT_FOUND');
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.disabledAt).toBeNull();
    // A teacher's switch is no admin action: nothing audited.
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
  });

  it('tells scheduled, expired and used-up coupons apart', async () => {
    const { teacher } = await teacherWithCourses(1);
    const inAWeek = new Date(Date.now() + 7 * DAY_MS).toISOString();
    expect((await create(teacher, body({ code: 'PRONTO', startsAt: inAWeek }))).json().status).toBe('scheduled');
    const ended = (await create(teacher, body({ code: 'PASADO', endsAt: new Date(Date.now() + 60_000).toISOString() }))).json() as Coupon;
    await ctx.db.update(coupons).set({ startsAt: new Date(Date.now() - 2 * DAY_MS), endsAt: new Date(Date.now() - DAY_MS) }).where(eq(coupons.id, ended.id));
    const capped = (await create(teacher, body({ code: 'UNAVEZ', maxUses: 1 }))).json() as Coupon;
    const buyer = await createUser(ctx.db);
    await ctx.db.insert(orders).values(makeOrder({ userId: buyer.id, items: [], couponId: capped.id, couponCode: 'UNAVEZ', paymentStatus: 'unpaid', expiresAt: new Date(Date.now() + 60_000) }));
    const byCode = new Map((await list(teacher)).map((coupon) => [coupon.code, coupon]));
    expect(byCode.get('PASADO')!.status).toBe('expired');
    expect(byCode.get('UNAVEZ')).toMatchObject({ status: 'used-up', heldUses: 1, uses: 0, remainingUses: 0 });
  });

  it('counts uses, held uses, revenue and discount from the orders', async () => {
    const { teacher, owned } = await teacherWithCourses(2);
    const [first, second] = owned as [(typeof owned)[number], (typeof owned)[number]];
    const coupon = (await create(teacher, body({ code: 'CUENTA', maxUses: 10 }))).json() as Coupon;
    const untouched = (await create(teacher, body({ code: 'SINUSO', maxUses: 3 }))).json() as Coupon;
    const buyer = await createUser(ctx.db);
    const withCoupon = { couponId: coupon.id, couponCode: 'CUENTA' };

    // `discount` is what the coupon took off the line's list price.
    const line = (orderId: string, course: typeof first, discount: number, extra: Partial<typeof orderItems.$inferInsert> = {}) => ({
      orderId,
      courseId: course.id,
      title: course.title,
      sellerId: teacher.id,
      listPriceCents: course.priceCents,
      discountCents: discount,
      priceCents: course.priceCents - discount,
      feeBasisPoints: 2000,
      feeCents: 0,
      teacherShareCents: course.priceCents - discount,
      ...extra,
    });
    // Paid: two discounted lines, one of them refunded since.
    const paid = makeOrder({ userId: buyer.id, items: [], ...withCoupon, paymentStatus: 'paid' });
    // Paid: a line the coupon did not discount (it does not count in revenue).
    const paidUndiscounted = makeOrder({ userId: buyer.id, items: [], ...withCoupon, paymentStatus: 'paid' });
    // Refunded in full: its use stays used, its money does not count.
    const refunded = makeOrder({ userId: buyer.id, items: [], ...withCoupon, paymentStatus: 'refunded' });
    // Open: holds a use. Expired while unpaid, or abandoned: neither.
    const open = makeOrder({ userId: buyer.id, items: [], ...withCoupon, paymentStatus: 'unpaid', expiresAt: new Date(Date.now() + 60 * 60_000) });
    const lapsed = makeOrder({ userId: buyer.id, items: [], ...withCoupon, paymentStatus: 'unpaid', expiresAt: new Date(Date.now() - 60_000) });
    const expired = makeOrder({ userId: buyer.id, items: [], ...withCoupon, paymentStatus: 'expired' });
    // Without the coupon: counts for nothing.
    const plain = makeOrder({ userId: buyer.id, items: [], paymentStatus: 'paid' });
    await ctx.db.insert(orders).values([paid, paidUndiscounted, refunded, open, lapsed, expired, plain]);
    await ctx.db.insert(orderItems).values([
      line(paid.id, first, 500),
      line(paid.id, second, 750, { refundedAt: new Date() }),
      line(paidUndiscounted.id, first, 0),
      line(refunded.id, first, 500, { refundedAt: new Date() }),
      line(open.id, first, 500),
      line(lapsed.id, first, 500),
      line(expired.id, first, 500),
      line(plain.id, first, 0),
    ]);

    const items = await list(teacher);
    const byCode = new Map(items.map((item) => [item.code, item]));
    expect(byCode.get('CUENTA')).toMatchObject({
      uses: 3,
      heldUses: 1,
      remainingUses: 6,
      revenueCents: first.priceCents - 500,
      discountCents: 500,
      status: 'active',
    });
    expect(byCode.get('SINUSO')).toMatchObject({ uses: 0, heldUses: 0, remainingUses: 3, revenueCents: 0, discountCents: 0 });
    expect(untouched.remainingUses).toBe(3);
    // The same figures from the admin's list, and in the answer to a switch.
    const admin = await signedInAdmin(ctx.app);
    expect((await list(admin, '/api/admin/coupons')).find((item) => item.id === coupon.id)).toEqual(byCode.get('CUENTA'));
    expect((await setActive(teacher, coupon.id, false)).json()).toMatchObject({ uses: 3, heldUses: 1, revenueCents: first.priceCents - 500, status: 'disabled' });
  });

  it('reads the figures of any number of coupons in the same number of queries', async () => {
    const { teacher, owned } = await teacherWithCourses(1);
    const selects = vi.spyOn(ctx.db, 'select');
    const queriesToList = async () => {
      selects.mockClear();
      await list(teacher);
      return selects.mock.calls.length;
    };
    const addCoupons = (from: number, to: number) =>
      ctx.db.insert(coupons).values(
        Array.from({ length: to - from }, (_, index) => ({ code: `MUCHOS${from + index}`, ownerId: teacher.id, createdBy: teacher.id, discountKind: 'percent' as const, discountValue: 5, allCourses: false })),
      );
    await addCoupons(0, 2);
    // The first request also looks the session up; the next ones find it remembered.
    await queriesToList();
    const withTwo = await queriesToList();
    await addCoupons(2, 40);
    await ctx.db.insert(couponCourses).values((await ctx.db.select({ id: coupons.id }).from(coupons)).map((coupon) => ({ couponId: coupon.id, courseId: owned[0]!.id })));
    expect(await queriesToList()).toBe(withTwo);
    expect(withTwo).toBeLessThanOrEqual(4);
    selects.mockRestore();
  });

  it('lets an admin create site coupons over every course or the ones named, list every coupon and switch any, with audit rows', async () => {
    const admin = await signedInAdmin(ctx.app);
    const { teacher, owned } = await teacherWithCourses(1);
    const teachers = (await create(teacher, body({ code: 'DOCENTE' }))).json() as Coupon;

    const siteWide = await create(admin, body({ code: 'SITIO' }), '/api/admin/coupons');
    expect(siteWide.statusCode).toBe(201);
    expect(siteWide.json()).toMatchObject({ code: 'SITIO', courses: null, link: '/allcourses?cupon=SITIO' });
    const named = await create(admin, body({ code: 'SITIO-UNO', courseIds: [owned[0]!.id] }), '/api/admin/coupons');
    expect(named.json()).toMatchObject({ courses: [{ id: owned[0]!.id }], link: `/course/${owned[0]!.id}?cupon=SITIO-UNO` });
    const rows = await ctx.db.select().from(coupons).where(eq(coupons.code, 'SITIO'));
    expect(rows[0]).toMatchObject({ ownerId: null, createdBy: admin.id, allCourses: true });

    const missing = await create(admin, body({ code: 'NADA', courseIds: [999_999] }), '/api/admin/coupons');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('COURSE_NOT_FOUND');
    expect((await create(admin, body({ code: 'sitio' }), '/api/admin/coupons')).json().error.code).toBe('COUPON_CODE_TAKEN');

    expect((await list(admin, '/api/admin/coupons')).map((item) => item.code)).toEqual(['SITIO-UNO', 'SITIO', 'DOCENTE']);
    // Site coupons are nobody's own: they are not in the admin's teacher list.
    expect(await list(admin)).toEqual([]);

    const off = await setActive(admin, teachers.id, false, `/api/admin/coupons/${teachers.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('disabled');
    expect((await list(teacher))[0]!.status).toBe('disabled');
    expect((await setActive(admin, 999_999, false, '/api/admin/coupons/999999')).json().error.code).toBe('COUPON_NOT_FOUND');
    const audit = await ctx.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.action, entry.targetType, entry.actorId])).toEqual([
      ['coupon.create', 'coupon', admin.id],
      ['coupon.create', 'coupon', admin.id],
      ['coupon.disable', 'coupon', admin.id],
    ]);
    expect(audit[2]).toMatchObject({ targetId: String(teachers.id), before: { active: true }, after: { active: false } });
  });

  it('keeps the site’s coupons under one cap, whichever admin creates them', async () => {
    const [admin, otherAdmin] = [await signedInAdmin(ctx.app), await signedInAdmin(ctx.app)];
    await ctx.db.insert(coupons).values(
      Array.from({ length: couponLimits.perOwner - 1 }, (_, index) => ({ code: `SITE${index}`, ownerId: null, createdBy: admin.id, discountKind: 'percent' as const, discountValue: 5, allCourses: true })),
    );
    expect((await create(admin, body({ code: 'SITE-LAST' }), '/api/admin/coupons')).statusCode).toBe(201);
    const over = await create(otherAdmin, body({ code: 'SITE-OVER' }), '/api/admin/coupons');
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('COUPON_LIMIT_REACHED');
  });
});
