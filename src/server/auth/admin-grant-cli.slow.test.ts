import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../db/client';
import { createUser } from '../db/factories';
import { users } from '../db/schema';

// The command as an operator runs it, in its own process (grantAdmin itself: admin-grant.test.ts).

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
