import { afterAll } from 'vitest';
import { closeTestDatabase } from './helpers/database';

afterAll(async () => {
  await closeTestDatabase();
});
