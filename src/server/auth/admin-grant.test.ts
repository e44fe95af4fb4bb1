import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { signedInUser } from '../../../test/helpers/auth';
import { createUser } from '../db/factories';
import { auditLog, users } from '../db/schema';
import { AdminGrantError, grantAdmin } from './admin-grant';

describe('grantAdmin (npm run admin:grant)', () => {
  const ctx = useTestApp();

  it('makes an existing account an admin, whatever the case of the e-mail, and records it in the audit log', async () => {
    const user = await signedInUser(ctx.app, 'first.admin@example.com');
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).json().isAdmin).toBe(false);

    const result = await grantAdmin(ctx.db, '  First.Admin@Example.COM ');
    expect(result).toEqual({ outcome: 'granted', user: { id: user.id, email: 'first.admin@example.com', name: 'first.admin' } });
    // The command runs in a process of its own: the app learns the change from the database's notice.
    await ctx.app.sessionInvalidation.sync();
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).json().isAdmin).toBe(true);
    expect((await ctx.app.inject({ url: '/api/admin/users', headers: user.headers })).statusCode).toBe(200);
    expect(await ctx.db.select().from(auditLog)).toEqual([
      expect.objectContaining({ actorId: null, action: 'user.makeAdmin', targetType: 'user', targetId: user.id, before: { isAdmin: false }, after: { isAdmin: true } }),
    ]);
  });

  it('says so, and changes nothing, for an account that is already an admin', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    expect((await grantAdmin(ctx.db, admin.email)).outcome).toBe('already-admin');
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
  });

  it('refuses an e-mail that belongs to no account, and a disabled account, changing nothing', async () => {
    await expect(grantAdmin(ctx.db, 'nobody@example.com')).rejects.toThrow(AdminGrantError);
    await expect(grantAdmin(ctx.db, 'nobody@example.com')).rejects.toThrow(/No account uses the e-mail nobody@example.com/);
    const disabled = await createUser(ctx.db, { disabledAt: new Date() });
    await expect(grantAdmin(ctx.db, disabled.email)).rejects.toThrow(/disabled/);
    expect((await ctx.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, disabled.id)))[0]?.isAdmin).toBe(false);
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
  });
});
