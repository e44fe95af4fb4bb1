import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { revenueDays, type AdminDashboard } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { courses, orders, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The admin home's figures: money from paid orders only (refunded ones no longer count). */
export async function dashboard(db: Database, now = new Date()): Promise<AdminDashboard> {
  const paid = eq(orders.paymentStatus, 'paid');
  const [orderStats] = await db
    .select({ revenue: sql<string>`coalesce(sum(${orders.amountTotal}), 0)`, paidOrders: count() })
    .from(orders)
    .where(paid);
  const [userStats] = await db.select({ total: count() }).from(users).where(isNull(users.disabledAt));
  const [courseStats] = await db.select({ total: count() }).from(courses).where(isNull(courses.disabledAt));

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = new Date(today - (revenueDays - 1) * DAY_MS);
  // A paid order counts on the day it was paid (older rows without paidAt: the day it was made).
  const paidTime = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const day = sql<string>`to_char(${paidTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, revenue: sql<string>`sum(${orders.amountTotal})` })
    .from(orders)
    .where(and(paid, gte(paidTime, firstDay)))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, Number(row.revenue)]));

  const revenueByDay = Array.from({ length: revenueDays }, (_, index) => {
    const date = utcDay(new Date(firstDay.getTime() + index * DAY_MS));
    return { date, revenueCents: byDay.get(date) ?? 0 };
  });
  return {
    revenueCents: Number(orderStats?.revenue ?? 0),
    paidOrders: orderStats?.paidOrders ?? 0,
    users: userStats?.total ?? 0,
    activeCourses: courseStats?.total ?? 0,
    revenueByDay,
  };
}
