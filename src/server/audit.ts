import type { AuditAction } from '../shared/schemas/admin';
import type { Database } from './db/client';
import { auditLog } from './db/schema';

export type AuditRecord = {
  /** null when an operator acted from the command line (`npm run admin:grant`), not as a signed-in admin. */
  actorId: string | null;
  action: AuditAction;
  targetType: 'course' | 'user' | 'category' | 'subcategory' | 'order' | 'message' | 'transfer' | 'payouts' | 'coupon';
  targetId: string | number;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one audit row. Call it with the transaction that performs the action, so the row
 * exists exactly when the change does.
 */
export async function recordAudit(db: Database, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
