import { defineConfig, devices } from '@playwright/test';

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
  webServer: [oidcProvider, {
    // A fresh embedded database with the demo data for every run.
    command: 'rm -rf .tmp/e2e-data && node --import tsx src/server/main.ts',
    url: `${baseURL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: '.tmp/e2e-data',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
    },
  }],
});
