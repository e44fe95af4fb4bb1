import { and, count, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityFilter, AdminUserDetail, AdminUserRow, Page, adminUserEditSchema } from '../../../shared/schemas/admin';
import { adminPageSize } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { courses, enrollments, sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../../audit';
import { containsPattern, iso, offsetOf, pageOf } from '../../db/paging';

type UserEdit = z.output<typeof adminUserEditSchema>;

const rowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  isAdmin: users.isAdmin,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

type UserRow = Pick<typeof users.$inferSelect, keyof typeof rowColumns>;

const toRow = (row: UserRow): AdminUserRow => ({ ...row, disabledAt: iso(row.disabledAt), createdAt: row.createdAt.toISOString() });

export async function listUsers(db: Database, { status, q, page }: { status: ActivityFilter; q?: string; page: number }): Promise<Page<AdminUserRow>> {
  const where = and(
    status === 'active' ? isNull(users.disabledAt) : isNotNull(users.disabledAt),
    q ? or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(status === 'active' ? desc(users.createdAt) : desc(users.disabledAt), users.id)
    .limit(adminPageSize)
    .offset(offsetOf(page));
  return pageOf(rows.map(toRow), totals?.total ?? 0, page);
}

const courseColumns = {
  id: courses.id,
  title: courses.title,
  imageUrl: courses.imageUrl,
  teacherName: courses.teacherName,
  priceCents: courses.priceCents,
  disabledAt: courses.disabledAt,
};

/** A user with the courses they bought and the courses they created (disabled ones too). */
export async function getUser(db: Database, id: string): Promise<AdminUserDetail> {
  const [user] = await db.select(rowColumns).from(users).where(eq(users.id, id));
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  const bought = await db
    .select(courseColumns)
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, id))
    .orderBy(desc(enrollments.createdAt), desc(courses.id));
  const created = await db.select(courseColumns).from(courses).where(eq(courses.ownerId, id)).orderBy(desc(courses.createdAt), desc(courses.id));
  const toCourse = (course: (typeof bought)[number]) => ({ ...course, disabledAt: iso(course.disabledAt) });
  return { user: toRow(user), bought: bought.map(toCourse), created: created.map(toCourse) };
}

async function lockUser(tx: Database, id: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  return user;
}

export async function editUser(db: Database, actorId: string, id: string, input: UserEdit): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    await tx.update(users).set({ name: input.name, image: input.image }).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'user.edit',
      targetType: 'user',
      targetId: id,
      before: { name: user.name, image: user.image },
      after: { name: input.name, image: input.image },
    });
  });
  return getUser(db, id);
}

/**
 * Disables an account. Its sessions stay in place but the guards refuse them from the next
 * request on with ACCOUNT_DISABLED, so the client can tell the user why they were signed out.
 */
export async function disableUser(db: Database, actorId: string, id: string): Promise<AdminUserDetail> {
  if (actorId === id) throw new AppError('CANNOT_DISABLE_SELF', 'An admin cannot disable their own account');
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.disabledAt) throw new AppError('CONFLICT', 'The user is already disabled');
    const disabledAt = new Date();
    await tx.update(users).set({ disabledAt }).where(eq(users.id, id));
    await recordAudit(tx, { actorId, action: 'user.disable', targetType: 'user', targetId: id, before: { disabledAt: null }, after: { disabledAt: disabledAt.toISOString() } });
  });
  return getUser(db, id);
}

/**
 * Re-enables an account. The sessions it had while disabled are deleted rather than revived:
 * whoever held them signs in again.
 */
export async function enableUser(db: Database, actorId: string, id: string): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user.disabledAt) throw new AppError('CONFLICT', 'The user is already enabled');
    await tx.update(users).set({ disabledAt: null }).where(eq(users.id, id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await recordAudit(tx, {
      actorId,
      action: 'user.enable',
      targetType: 'user',
      targetId: id,
      before: { disabledAt: user.disabledAt.toISOString() },
      after: { disabledAt: null, sessionsEnded: ended.length },
    });
  });
  return getUser(db, id);
}

/** Promotes a user to admin. There is no demotion (the spec shows none). */
export async function makeAdmin(db: Database, actorId: string, id: string): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.isAdmin) throw new AppError('CONFLICT', 'The user is already an admin');
    if (user.disabledAt) throw new AppError('CONFLICT', 'Enable the user before making them an admin');
    await tx.update(users).set({ isAdmin: true }).where(eq(users.id, id));
    await recordAudit(tx, { actorId, action: 'user.makeAdmin', targetType: 'user', targetId: id, before: { isAdmin: false }, after: { isAdmin: true } });
  });
  return getUser(db, id);
}
