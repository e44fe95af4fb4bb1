import { beforeAll } from 'vitest';
import { resetWorkerDatabaseIfOpen } from './helpers/database';

// Test files share their worker's database (isolate: false): each file starts from an empty
// one, whatever the file before it left behind.
beforeAll(async () => {
  await resetWorkerDatabaseIfOpen();
});
