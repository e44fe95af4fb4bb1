/**
 * `npm run admin:grant -- someone@example.com`
 *
 * Makes an existing account an admin. Reads the same settings as the server and opens the same
 * database (DATABASE_URL, else the embedded PGlite under DATA_DIR: stop the server first, since
 * only one process may open that one). Prints what it did; exits 1, saying why, when the e-mail
 * belongs to no account.
 */
import { ConfigError, loadConfig } from '../config';
import { openDatabase, pgliteDirFor } from '../db/client';
import { AdminGrantError, grantAdmin } from './admin-grant';

const usage = 'Usage: npm run admin:grant -- someone@example.com';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(usage);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), poolSize: 1 });
  try {
    const { outcome, user } = await grantAdmin(database.db, args[0]!);
    process.stdout.write(
      outcome === 'granted'
        ? `${user.email} (${user.name}, id ${user.id}) is now an admin. The change is in the audit log.\n`
        : `${user.email} (${user.name}, id ${user.id}) was already an admin; nothing changed.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof AdminGrantError || error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
