import { rmSync } from 'node:fs';
import { startS3Server } from './s3-server';

/**
 * Runs the S3-speaking test server as its own process for the browser tests
 * (playwright.config.ts starts it before the app server that keeps its videos in it), with a
 * fresh bucket in S3_DIR and the CORS rule docs/operations.md gives, for S3_CORS_ORIGINS.
 */
const port = Number(process.env.S3_PORT ?? 4300);
const folder = process.env.S3_DIR ?? '.tmp/e2e-s3-bucket';
const corsOrigins = (process.env.S3_CORS_ORIGINS ?? '').split(',').filter(Boolean);

rmSync(folder, { recursive: true, force: true });
const server = await startS3Server(folder, { port, corsOrigins });
console.log(`test S3 server at ${server.endpoint}, bucket ${server.env.S3_BUCKET}${corsOrigins.length ? `, readable from ${corsOrigins.join(', ')}` : ''}`);

const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
