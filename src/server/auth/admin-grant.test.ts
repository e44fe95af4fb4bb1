import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { signUp } from '../../../test/helpers/auth';
import { openDatabase, pgliteDirFor } from '../db/client';
import { createUser } from '../db/factories';
import { auditLog, users } from '../db/schema';
import { AdminGrantError, grantAdmin } from './admin-grant';

describe('grantAdmin (npm run admin:grant)', () => {
  const ctx = useTestApp();

  it('makes an existing account an admin, whatever the case of the e-mail, and records it in the audit log', async () => {
    const user = await signUp(ctx.app, 'first.admin@example.com');
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).json().isAdmin).toBe(false);

    const result = await grantAdmin(ctx.db, '  First.Admin@Example.COM ');
    expect(result).toEqual({ outcome: 'granted', user: { id: user.id, email: 'first.admin@example.com', name: 'first.admin' } });
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

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/auth/admin-grant-cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the admin:grant command', () => {
  it('promotes an account in the embedded database of DATA_DIR, and exits 1 with a clear message for an unknown e-mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-admin-grant-'));
    try {
      const database = await openDatabase({ databaseUrl: undefined, pgliteDir: pgliteDirFor(dataDir) });
      const user = await createUser(database.db, { email: 'operator.pick@example.com' });
      await database.close();

      const unknown = await runCli(['stranger@example.com'], { DATA_DIR: dataDir });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No account uses the e-mail stranger@example.com');

      const granted = await runCli(['operator.pick@example.com'], { DATA_DIR: dataDir });
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.stdout).toContain('operator.pick@example.com');
      expect(granted.stdout).toContain('is now an admin');

      const reopened = await openDatabase({ databaseUrl: undefined, pgliteDir: pgliteDirFor(dataDir) });
      try {
        expect((await reopened.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, user.id)))[0]?.isAdmin).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
