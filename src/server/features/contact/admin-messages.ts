import { count, desc, eq } from 'drizzle-orm';
import type { Page } from '../../../shared/schemas/admin';
import { adminPageSize } from '../../../shared/schemas/admin';
import type { ContactMessage } from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../../audit';
import { offsetOf, pageOf } from '../../db/paging';

/** The staff mailbox, newest first. */
export async function listMessages(db: Database, { page }: { page: number }): Promise<Page<ContactMessage>> {
  const [totals] = await db.select({ total: count() }).from(contactMessages);
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(adminPageSize)
    .offset(offsetOf(page));
  return pageOf(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    totals?.total ?? 0,
    page,
  );
}

/** Messages are deleted for good (as in the original product); the audit row keeps a copy. */
export async function deleteMessage(db: Database, actorId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', 'Message not found');
    await recordAudit(tx, {
      actorId,
      action: 'message.delete',
      targetType: 'message',
      targetId: id,
      before: { email: deleted.email, name: deleted.name, message: deleted.message, createdAt: deleted.createdAt.toISOString() },
    });
  });
}
