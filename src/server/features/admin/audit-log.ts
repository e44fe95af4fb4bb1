import { count, desc, eq } from 'drizzle-orm';
import { adminPageSize, type AuditAction, type AuditEntry, type Page } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { offsetOf, pageOf } from '../../db/paging';
import { auditLog, users } from '../../db/schema';

export async function listAudit(db: Database, { page, action }: { page: number; action?: AuditAction }): Promise<Page<AuditEntry>> {
  const where = action ? eq(auditLog.action, action) : undefined;
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: users.id,
      actorName: users.name,
      actorEmail: users.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(adminPageSize)
    .offset(offsetOf(page));
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' } : null,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    totals?.total ?? 0,
    page,
  );
}
