import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { teacherEarningsSchema } from '../../../shared/schemas/payouts';
import { createCourse, createPricedOrder, createUser, insertCoupon, referralFee } from '../../db/factories';

describe('earnings: the coupon and the referral behind each sale', () => {
  const ctx = useTestApp();

  async function soldThreeWays() {
    const teacher = await signedInUser(ctx.app);
    const rival = await createUser(ctx.db);
    const discounted = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1999, title: 'Descontado' });
    const referred = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 3000, title: 'Referido' });
    const plain = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1000, title: 'Normal' });
    const theirs = await createCourse(ctx.db, { ownerId: rival.id, priceCents: 5000, title: 'Ajeno' });
    // The rival's coupon discounts only the rival's line: the teacher's line in that order was not discounted.
    const rivalCoupon = await insertCoupon(ctx.db, { code: `Rival${teacher.id.slice(0, 6)}`, createdBy: rival.id, discountKind: 'amount', discountValue: 700 });
    const siteCoupon = await insertCoupon(ctx.db, { code: `Site${teacher.id.slice(0, 6)}`, createdBy: rival.id, ownerId: null, discountKind: 'percent', discountValue: 25 });
    const buyer = (await createUser(ctx.db)).id;
    await createPricedOrder(ctx.db, { userId: buyer, courses: [discounted], coupon: siteCoupon, discounted: [discounted] });
    await createPricedOrder(ctx.db, { userId: buyer, courses: [referred], referred: [referred] });
    await createPricedOrder(ctx.db, { userId: buyer, courses: [plain, theirs], coupon: rivalCoupon, discounted: [theirs] });
    return { teacher, discounted, referred, plain, siteCoupon };
  }

  it('each sale carries its list price, the discount and coupon that made it, and whether the teacher brought the buyer', async () => {
    const { teacher, discounted, referred, plain, siteCoupon } = await soldThreeWays();
    const response = await ctx.app.inject({ url: '/api/payouts/earnings', headers: teacher.headers });
    expect(response.statusCode).toBe(200);
    const earnings = teacherEarningsSchema.parse(response.json());
    const sale = (courseId: number) => earnings.sales.find((each) => each.courseId === courseId);
    // 25 % of 19.99 is 499.75 cents, rounded half up to 500; the fee is 20 % of what was paid.
    expect(sale(discounted.id)).toMatchObject({ listPriceCents: 1999, discountCents: 500, priceCents: 1499, couponCode: siteCoupon.code, referred: false, feeBasisPoints: 2000, feeCents: 300, shareCents: 1199 });
    expect(sale(referred.id)).toMatchObject({ listPriceCents: 3000, discountCents: 0, priceCents: 3000, couponCode: null, referred: true, feeBasisPoints: referralFee, feeCents: 90, shareCents: 2910 });
    expect(sale(plain.id)).toMatchObject({ listPriceCents: 1000, discountCents: 0, priceCents: 1000, couponCode: null, referred: false, feeCents: 200, shareCents: 800 });
    expect(earnings.sales).toHaveLength(3);
  });

  it('the CSV has the same columns, last, after the ones it always had', async () => {
    const { teacher, discounted, referred, plain, siteCoupon } = await soldThreeWays();
    const response = await ctx.app.inject({ url: '/api/payouts/earnings.csv', headers: teacher.headers });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.trimEnd().split('\r\n');
    expect(header!.split(',').slice(-4)).toEqual(['list_price_cents', 'discount_cents', 'coupon_code', 'referred']);
    const row = (courseId: number) => rows.find((line) => line.split(',')[2] === String(courseId))!.split(',');
    expect(row(discounted.id).slice(4, 8)).toEqual(['1499', '2000', '300', '1199']);
    expect(row(discounted.id).slice(-4)).toEqual(['1999', '500', siteCoupon.code, 'no']);
    expect(row(referred.id).slice(-4)).toEqual(['3000', '0', '', 'yes']);
    expect(row(plain.id).slice(-4)).toEqual(['1000', '0', '', 'no']);
  });
});
