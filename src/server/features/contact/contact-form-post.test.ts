import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../../test/helpers/app';
import { contactMessages } from '../../db/schema';
import { contactRateLimits } from './service';

/**
 * The contact form posted by the browser itself (JavaScript off, or not loaded yet): the contact
 * service's rules and limits, answered with a 303 back to the page (the other public forms'
 * posts are tested in features/accounts/form-posts.test.ts).
 */
describe('the contact form posted without JavaScript', () => {
  const ctx = useTestApp();
  let nextAddress = 1;

  const post = (path: string, fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/forms/${path}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.31.0.${nextAddress++ % 250}` },
      payload: new URLSearchParams(fields).toString(),
    });

  it('contact: stores a valid message, refuses an invalid one (nothing stored), and keeps the per-address limit', async () => {
    const email = `contact-form-${nextAddress}@example.com`;
    const invalid = await post('contact', { email, name: 'Ana', message: 'short' });
    expect(invalid.headers.location).toBe('/contact?notice=VALIDATION_FAILED');
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);

    const message = { email, name: 'Ana', message: 'Hola, quisiera saber más de los cursos.' };
    for (let sent = 0; sent < contactRateLimits.perEmail; sent++) expect((await post('contact', message)).headers.location).toBe('/contact?notice=MESSAGE_SENT');
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(contactRateLimits.perEmail);
    const over = await post('contact', message);
    expect(over.headers.location).toBe('/contact?notice=RATE_LIMITED');
    expect(over.headers['retry-after']).toBeDefined();
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(contactRateLimits.perEmail);
  });

});
