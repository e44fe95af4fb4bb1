import { afterAll, beforeAll } from 'vitest';
import { startS3Server, type S3TestServer } from './s3-server';

export { TEST_BUCKET, type S3TestServer } from './s3-server';

/** An S3 server for the tests of a file or `describe`, started before them and stopped after. */
export function useS3Server(): S3TestServer {
  const handle = {} as S3TestServer;
  beforeAll(async () => {
    Object.assign(handle, await startS3Server());
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
