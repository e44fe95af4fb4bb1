import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin } from '../../../../test/helpers/auth';
import { auditLog, contactMessages } from '../../db/schema';
import { createCourse, createOrder, createUser } from '../../db/factories';
import { orderNumber } from '../../../shared/order-number';

const DAY_MS = 86_400_000;

describe('admin dashboard, orders, messages and audit log', () => {
  const ctx = useTestApp();

  it('sums revenue of paid orders only, counts users and active courses, and charts the last 30 days', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await createUser(ctx.db);
    await createUser(ctx.db, { disabledAt: new Date() });
    const course = await createCourse(ctx.db, { priceCents: 1000 });
    const other = await createCourse(ctx.db, { priceCents: 2500 });
    await createCourse(ctx.db, { disabledAt: new Date() });
    const now = new Date();
    await createOrder(ctx.db, { userId: buyer.id, items: [course, other], createdAt: now, paidAt: now });
    const threeDays = new Date(now.getTime() - 3 * DAY_MS);
    await createOrder(ctx.db, { userId: buyer.id, items: [course], createdAt: threeDays, paidAt: threeDays });
    // Older than the chart's window: in the totals, not in the chart.
    const fortyDays = new Date(now.getTime() - 40 * DAY_MS);
    await createOrder(ctx.db, { userId: buyer.id, items: [other], createdAt: fortyDays, paidAt: fortyDays });
    await createOrder(ctx.db, { userId: buyer.id, items: [other], paymentStatus: 'refunded', paidAt: now, createdAt: now });
    await createOrder(ctx.db, { userId: buyer.id, items: [other], paymentStatus: 'unpaid', createdAt: now });

    const response = await ctx.app.inject({ url: '/api/admin/dashboard', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ revenueCents: 3500 + 1000 + 2500, paidOrders: 3, activeCourses: 2 });
    // The admin, the buyer and the three course owners; not the disabled user.
    expect(body.users).toBe(5);
    expect(body.revenueByDay).toHaveLength(30);
    const today = now.toISOString().slice(0, 10);
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY_MS).toISOString().slice(0, 10);
    expect(body.revenueByDay.at(-1)).toEqual({ date: today, revenueCents: 3500 });
    expect(body.revenueByDay.find((day: { date: string }) => day.date === threeDaysAgo).revenueCents).toBe(1000);
    expect(body.revenueByDay.reduce((total: number, day: { revenueCents: number }) => total + day.revenueCents, 0)).toBe(4500);
  });

  it('lists orders newest first with buyer, items, amount and status; filters by status; pages', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await createUser(ctx.db, { name: 'Carla Gómez', email: 'carla@example.test' });
    const course = await createCourse(ctx.db, { title: 'Curso A', priceCents: 1500 });
    const other = await createCourse(ctx.db, { title: 'Curso B', priceCents: 2000 });
    const base = Date.now() - 100 * DAY_MS;
    for (let index = 0; index < 21; index += 1) {
      await createOrder(ctx.db, { userId: buyer.id, items: [course], paymentStatus: 'expired', createdAt: new Date(base + index * DAY_MS) });
    }
    const { order: newest } = await createOrder(ctx.db, { userId: buyer.id, items: [course, other] });

    // An unpaid checkout past its expiry is abandoned too; one still open is not.
    await createOrder(ctx.db, { userId: buyer.id, items: [course], paymentStatus: 'unpaid', createdAt: new Date(base), expiresAt: new Date(base + DAY_MS) });
    const { order: open } = await createOrder(ctx.db, { userId: buyer.id, items: [course], paymentStatus: 'unpaid', createdAt: new Date(base), expiresAt: new Date(Date.now() + DAY_MS) });

    // By default the abandoned checkouts are left out.
    const response = await ctx.app.inject({ url: '/api/admin/orders', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 2, pageCount: 1 });
    expect(body.items.map((order: { id: string }) => order.id)).toEqual([newest.id, open.id]);
    const abandoned = await ctx.app.inject({ url: '/api/admin/orders?status=abandoned', headers: admin.headers });
    expect(abandoned.json()).toMatchObject({ total: 22, pageCount: 2 });
    expect(abandoned.json().items.every((order: { paymentStatus: string }) => ['expired', 'unpaid'].includes(order.paymentStatus))).toBe(true);
    expect(body.items[0]).toMatchObject({
      id: newest.id,
      user: { id: buyer.id, name: 'Carla Gómez', email: 'carla@example.test' },
      items: [
        { courseId: course.id, title: 'Curso A', priceCents: 1500 },
        { courseId: other.id, title: 'Curso B', priceCents: 2000 },
      ],
      amountTotal: 3500,
      paymentStatus: 'paid',
    });
    const dates = body.items.map((order: { createdAt: string }) => order.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const paid = await ctx.app.inject({ url: '/api/admin/orders?status=paid', headers: admin.headers });
    expect(paid.json().items.map((order: { id: string }) => order.id)).toEqual([newest.id]);
    const secondPage = await ctx.app.inject({ url: '/api/admin/orders?status=expired&page=2', headers: admin.headers });
    expect(secondPage.json().items).toHaveLength(1);
    const bad = await ctx.app.inject({ url: '/api/admin/orders?status=stolen', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('finds orders by the number receipts carry, whole or its beginning, in any case', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await createUser(ctx.db);
    const course = await createCourse(ctx.db, { priceCents: 1500 });
    const { order: first } = await createOrder(ctx.db, { id: '3f2a9c01-0000-4000-8000-000000000001', userId: buyer.id, items: [course] });
    const { order: second } = await createOrder(ctx.db, { id: '3f2b0000-0000-4000-8000-000000000002', userId: buyer.id, items: [course], paymentStatus: 'failed' });
    await createOrder(ctx.db, { id: '4f2a9c01-0000-4000-8000-000000000003', userId: buyer.id, items: [course] });
    const search = async (query: string) => {
      const response = await ctx.app.inject({ url: `/api/admin/orders?${query}`, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      return response.json().items.map((order: { id: string }) => order.id);
    };
    expect(await search(`number=${orderNumber(first.id)}`)).toEqual([first.id]);
    expect(await search('number=%233f2a9c01')).toEqual([first.id]);
    expect((await search('number=3F2')).sort()).toEqual([first.id, second.id].sort());
    // With a status, both apply: a declined payment is "failed".
    expect(await search('number=3F2&status=failed')).toEqual([second.id]);
    expect(await search('number=FFFFFFFF')).toEqual([]);
    const bad = await ctx.app.inject({ url: '/api/admin/orders?number=3F2Z', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('lists contact messages newest first and deletes one, keeping a copy in the audit log', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const [older] = await ctx.db
      .insert(contactMessages)
      .values({ email: 'a@example.test', name: 'Ana', message: 'Primer mensaje de prueba', createdAt: new Date(Date.now() - DAY_MS) })
      .returning();
    const [newer] = await ctx.db.insert(contactMessages).values({ email: 'b@example.test', name: 'Beto', message: 'Segundo mensaje de prueba' }).returning();

    const list = await ctx.app.inject({ url: '/api/admin/messages', headers: admin.headers });
    expect(list.json().items.map((message: { id: number }) => message.id)).toEqual([newer!.id, older!.id]);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/messages/${older!.id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.db.select().from(contactMessages)).map((row) => row.id)).toEqual([newer!.id]);
    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({ action: 'message.delete', targetType: 'message', targetId: String(older!.id), before: { email: 'a@example.test', name: 'Ana' } });

    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/messages/${older!.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses the mailbox to non-admins', async () => {
    const user = await signedInUser(ctx.app);
    const [message] = await ctx.db.insert(contactMessages).values({ email: 'a@example.test', name: 'Ana', message: 'Un mensaje privado' }).returning();
    expect((await ctx.app.inject({ url: '/api/admin/messages', headers: user.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/messages/${message!.id}`, headers: user.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/messages/${message!.id}`, headers: { origin: TEST_ORIGIN } })).statusCode).toBe(401);
    expect(await ctx.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('shows admins the audit log, newest first, with who did what, filterable by action', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await createCourse(ctx.db);
    await ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/disable`, headers: admin.headers });
    await ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/enable`, headers: admin.headers });

    const response = await ctx.app.inject({ url: '/api/admin/audit', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.items[0]).toMatchObject({
      action: 'course.enable',
      targetType: 'course',
      targetId: String(course.id),
      actor: { id: admin.id, email: admin.email },
      after: { disabledAt: null },
    });
    expect(body.items[1].action).toBe('course.disable');
    const filtered = await ctx.app.inject({ url: '/api/admin/audit?action=course.disable', headers: admin.headers });
    expect(filtered.json().items.map((entry: { action: string }) => entry.action)).toEqual(['course.disable']);
  });
});
