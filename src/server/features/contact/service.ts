import type { ContactMessageInput } from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { databaseCounter } from '../../db/rate-limit-counter';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * How often one e-mail address, and one client address, may write to the staff. The counters
 * live in the database (`rate_limits`, beside better-auth's), so they hold across processes.
 */
export const contactRateLimits = { windowSeconds: 60 * 60, perEmail: 5, perClient: 20 } as const;

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many messages; try again later');
  }
}

/**
 * Stores a contact message, unless this address or client has written too often lately. A
 * signed-in user writing from their own account's address has an allowance of their own for it:
 * strangers typing that address use up only theirs, and cannot keep the owner from writing.
 */
export async function sendContactMessage(
  db: Database,
  input: ContactMessageInput,
  clientAddress: string,
  now = Date.now(),
  signedInEmail?: string,
): Promise<{ id: number }> {
  const counter = databaseCounter(db);
  const window = contactRateLimits.windowSeconds;
  const byClient = await counter.consume(`contact:client:${clientAddress}`, { window, max: contactRateLimits.perClient }, now);
  if (!byClient.allowed) throw new RateLimitedError(byClient.retryAfter ?? window);
  const email = input.email.toLowerCase();
  const byOwner = signedInEmail?.toLowerCase() === email;
  const byEmail = await counter.consume(`contact:${byOwner ? 'owner' : 'email'}:${email}`, { window, max: contactRateLimits.perEmail }, now);
  if (!byEmail.allowed) throw new RateLimitedError(byEmail.retryAfter ?? window);
  const [created] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return { id: created!.id };
}
