import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createFilePayoutProvider } from '../../../../test/helpers/file-payout-provider';
import { daysAfter, payOrder } from '../../../../test/helpers/payouts';
import { openDatabase } from '../../db/client';
import { createCourse, createUser } from '../../db/factories';
import { ledgerEntries, payoutAccounts, payoutTransfers } from '../../db/schema';
import { teacherBalances } from './ledger-balances';
import { runPayouts } from './transfers';

const folder = mkdtempSync(path.join(tmpdir(), 'payout-crash-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the job in a child process and kills it (SIGKILL) once the provider has made the transfer, before the ledger records it. */
function runAndKillAtProvider(dir: string, stateFile: string, now: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/payout-crash-child.ts', dir, stateFile, now.toISOString()], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('at-provider')) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`the child was not killed at the provider: ${output} ${errors}`))));
  });
}

describe('a process killed between the provider’s transfer and the ledger’s record of it', () => {
  it('the next run (another process) finds the transfer pending, sends it with the same key and records it once: one transfer at the provider, one ledger entry', async () => {
    const dir = path.join(folder, 'db');
    const stateFile = path.join(folder, 'provider.json');
    const paidAt = new Date('2026-03-01T10:00:00Z');
    let database = await openDatabase({ databaseUrl: undefined, pgliteDir: dir });
    const teacher = (await createUser(database.db)).id;
    const course = await createCourse(database.db, { ownerId: teacher, priceCents: 2500 });
    const { orderId } = await payOrder(database.db, { userId: (await createUser(database.db)).id, items: [course], paidAt });
    await database.db.insert(payoutAccounts).values({ userId: teacher, provider: 'test', providerAccountId: 'acct_file_1', state: 'enabled' });
    await database.close();

    await runAndKillAtProvider(dir, stateFile, daysAfter(paidAt, 14));

    const provider = createFilePayoutProvider(stateFile);
    expect(provider.state().transfers).toHaveLength(1);
    database = await openDatabase({ databaseUrl: undefined, pgliteDir: dir });
    try {
      const [pending] = await database.db.select().from(payoutTransfers);
      expect(pending).toMatchObject({ orderId, status: 'pending', amountCents: 2000 });
      expect(await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'transfer'))).toEqual([]);

      await runPayouts(database.db, provider, { now: daysAfter(paidAt, 15), holdDays: 14 });

      expect(provider.state().transfers).toMatchObject([{ amountCents: 2000, transferGroup: orderId, idempotencyKey: `transfer-${pending!.id}` }]);
      expect(await database.db.select().from(payoutTransfers)).toMatchObject([{ id: pending!.id, status: 'sent', providerTransferId: provider.state().transfers[0]!.id }]);
      expect(await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'transfer'))).toMatchObject([{ transferId: pending!.id, amountCents: 2000 }]);
      expect(await teacherBalances(database.db, teacher)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 2000 });
    } finally {
      await database.close();
    }
  });
});
