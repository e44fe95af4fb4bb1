import { startOidcProvider } from './oidc-provider';

/**
 * Runs the local OpenID Connect provider as its own process for the browser tests
 * (playwright.config.ts starts it beside the app). The browser picks the account by typing
 * its e-mail on the provider's page, as on Google's account chooser.
 */
const port = Number(process.env.OIDC_PORT ?? 4100);
const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? `http://localhost:3100/api/auth/callback/google`).split(',');

const provider = await startOidcProvider({
  port,
  redirectUris,
  clientId: process.env.OIDC_CLIENT_ID,
  clientSecret: process.env.OIDC_CLIENT_SECRET,
});
console.log(`test OpenID Connect provider at ${provider.issuer}`);

const stop = () => void provider.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
