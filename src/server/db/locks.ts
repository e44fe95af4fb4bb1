import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Makes one user's transactions of one kind take turns until the transaction ends (a
 * PostgreSQL advisory lock, on the server and on the embedded database alike), so a per-user
 * cap counted inside it cannot be passed by two requests racing each other.
 */
export async function lockPerUser(tx: Database, purpose: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${purpose}), hashtext(${userId}))`);
}
