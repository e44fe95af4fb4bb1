import { and, count, countDistinct, gte, isNull, sql } from 'drizzle-orm';
import { revenueDays, type AdminDashboard } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { courses, users } from '../../db/schema';
import { saleLines, standingLine } from '../orders';

const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The admin home's figures: revenue is what the sold lines still standing were paid
 * (`features/orders/sale-lines.ts`: a refunded line, alone or with its order, no longer counts), and the
 * paid orders those that still hold one.
 */
export async function dashboard(db: Database, now = new Date()): Promise<AdminDashboard> {
  const [orderStats] = await db
    .select({ revenue: sql<string>`coalesce(sum(${saleLines.priceCents}), 0)`, paidOrders: countDistinct(saleLines.orderId) })
    .from(saleLines)
    .where(standingLine);
  const [userStats] = await db.select({ total: count() }).from(users).where(isNull(users.disabledAt));
  const [courseStats] = await db.select({ total: count() }).from(courses).where(isNull(courses.disabledAt));

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = new Date(today - (revenueDays - 1) * DAY_MS);
  // A sale counts on the day it was paid (older rows without paidAt: the day the order was made).
  const day = sql<string>`to_char(${saleLines.soldAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, revenue: sql<string>`sum(${saleLines.priceCents})` })
    .from(saleLines)
    .where(and(standingLine, gte(saleLines.soldAt, firstDay)))
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
