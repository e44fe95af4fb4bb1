/**
 * A process that runs the payout transfer job and dies in the middle (killed by the parent test,
 * `payout-crash.slow.test.ts`): it prints `at-provider` once the provider holds the transfer
 * and before the ledger records it, then waits to be killed.
 * Arguments: the PGlite data folder, the provider's state file, the run's clock (ISO).
 */
import { openDatabase } from '../../src/server/db/client';
import { runPayouts } from '../../src/server/features/payouts';
import { createFilePayoutProvider } from './file-payout-provider';

const [dir, stateFile, now] = process.argv.slice(2) as [string, string, string];
const database = await openDatabase({ databaseUrl: undefined, pgliteDir: dir });
const provider = createFilePayoutProvider(stateFile, {
  afterTransfer: async () => {
    process.stdout.write('at-provider\n');
    await new Promise(() => {});
  },
});
await runPayouts(database.db, provider, { now: new Date(now), holdDays: 14 });
process.stdout.write('finished\n');
await database.close();
