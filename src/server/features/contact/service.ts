import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ContactMessageInput } from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { contactMessages, rateLimits } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * How often one e-mail address, and one client address, may write to the staff. The counters
 * live in the database (`rate_limits`, beside better-auth's), so they hold across processes.
 */
export const contactRateLimits = { windowSeconds: 60 * 60, perEmail: 5, perClient: 20 } as const;

/**
 * Counts one attempt in a fixed window and says whether it is within `max`, in one atomic
 * statement so that concurrent requests on several processes cannot both slip through.
 */
async function hit(db: Database, key: string, max: number, now: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowMs = contactRateLimits.windowSeconds * 1000;
  const result = (await db.execute(sql`
    insert into ${rateLimits} (id, key, count, last_request)
    values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when ${rateLimits.lastRequest} <= ${now - windowMs} then 1 else ${rateLimits.count} + 1 end,
      last_request = case when ${rateLimits.lastRequest} <= ${now - windowMs} then ${now} else ${rateLimits.lastRequest} end
    returning count, last_request as window_start`)) as unknown as { rows: { count: number | string; window_start: number | string }[] };
  const row = result.rows[0]!;
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000));
  return { allowed: Number(row.count) <= max, retryAfterSeconds };
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many messages; try again later');
  }
}

/** Stores a contact message, unless this address or client has written too often lately. */
export async function sendContactMessage(db: Database, input: ContactMessageInput, clientAddress: string, now = Date.now()): Promise<{ id: number }> {
  const byClient = await hit(db, `contact:client:${clientAddress}`, contactRateLimits.perClient, now);
  if (!byClient.allowed) throw new RateLimitedError(byClient.retryAfterSeconds);
  const byEmail = await hit(db, `contact:email:${input.email.toLowerCase()}`, contactRateLimits.perEmail, now);
  if (!byEmail.allowed) throw new RateLimitedError(byEmail.retryAfterSeconds);
  const [created] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return { id: created!.id };
}
