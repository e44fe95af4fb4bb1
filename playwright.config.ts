import { defineConfig, devices } from '@playwright/test';
import { serverLogFile } from './e2e/server-log';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

// The local OpenID Connect provider that stands in for Google (test/helpers/oidc-provider.ts).
const oidcPort = port + 1000;
const oidc = { issuer: `http://127.0.0.1:${oidcPort}`, clientId: 'marketplace-e2e', clientSecret: 'marketplace-e2e-secret' };
const oidcProvider = {
  command: 'node --import tsx test/helpers/oidc-provider-cli.ts',
  url: `${oidc.issuer}/.well-known/openid-configuration`,
  timeout: 60_000,
  reuseExistingServer: !process.env.CI,
  env: { OIDC_PORT: String(oidcPort), OIDC_REDIRECT_URIS: `${baseURL}/api/auth/callback/google`, OIDC_CLIENT_ID: oidc.clientId, OIDC_CLIENT_SECRET: oidc.clientSecret },
};

// HLS from object storage (e2e/s3-playback.spec.ts): an S3-speaking server with the bucket's CORS
// rule for a second app server, which keeps its videos there (demo videos copied and transcoded at start).
const s3Port = port + 1200;
const s3AppPort = port + 2;
const s3AppURL = `http://localhost:${s3AppPort}`;
const s3Bucket = { S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'marketplace-test', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
const s3Server = {
  command: 'node --import tsx test/helpers/s3-server-cli.ts',
  url: `${s3Bucket.S3_ENDPOINT}/${s3Bucket.S3_BUCKET}?cors`,
  timeout: 60_000,
  reuseExistingServer: !process.env.CI,
  env: { S3_PORT: String(s3Port), S3_DIR: '.tmp/e2e-s3-bucket', S3_CORS_ORIGINS: s3AppURL },
};
const s3App = {
  command: 'rm -rf .tmp/e2e-s3-data && node dist/server/main.mjs',
  url: `${s3AppURL}/api/ready`,
  timeout: 180_000,
  reuseExistingServer: !process.env.CI,
  env: {
    PORT: String(s3AppPort),
    PUBLIC_URL: s3AppURL,
    DATA_DIR: '.tmp/e2e-s3-data',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
    ...s3Bucket,
  },
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'es-ES',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [oidcProvider, s3Server, s3App, {
    // A fresh embedded database with the demo data for every run.
    // Its log goes to a file the specs read (e2e/server-log.ts), at the level production logs requests at.
    command: `rm -rf .tmp/e2e-data && mkdir -p .tmp && node dist/server/main.mjs > ${serverLogFile(port)}`,
    url: `${baseURL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: '.tmp/e2e-data',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    },
  }],
});
