import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy } from 'oidc-provider';

/**
 * A local OpenID Connect provider standing in for Google: the app's Google sign-in is the
 * standard authorization-code flow configured from the issuer's discovery document, so
 * pointing GOOGLE_ISSUER here runs the very code path a real sign-in takes.
 *
 * The account chooser (Google asks with `prompt=select_account`) is an interaction that
 * consents at once: with `account` set it signs in that account without a page; without
 * it, it shows a one-field form where the browser types the e-mail of the account to use.
 */
export type OidcAccount = { email: string; name?: string; picture?: string; emailVerified?: boolean };

export type OidcProviderOptions = {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** The app's callback URLs, e.g. `http://localhost:3000/api/auth/callback/google`. */
  redirectUris: string[];
  account?: OidcAccount;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in uses; null shows the e-mail form instead. */
  setAccount(account: OidcAccount | null): void;
  close(): Promise<void>;
};

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  const clientId = options.clientId ?? 'marketplace-test-client';
  const clientSecret = options.clientSecret ?? 'marketplace-test-client-secret';
  let nextAccount: OidcAccount | null = options.account ?? null;
  /** Accounts that signed in, by subject, for the ID token and userinfo claims. */
  const known = new Map<string, OidcAccount>();

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google, put the profile claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    adapter: MemoryAdapter,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = known.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name ?? account.email.split('@')[0],
          ...(account.picture ? { picture: account.picture } : {}),
        }),
      };
    },
  });
  const providerCallback = provider.callback();

  /** Signs the chosen account in and grants what the client asked for, without a consent page. */
  async function finish(req: IncomingMessage, res: ServerResponse, account: OidcAccount) {
    const details = await provider.interactionDetails(req, res);
    const accountId = account.email.toLowerCase();
    known.set(accountId, account);
    const grant = (details.grantId && (await provider.Grant.find(details.grantId))) || new provider.Grant({ accountId, clientId: details.params.client_id! });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    const grantId = await grant.save();
    // Each key resolves the prompt of that name: the account chooser, the login and the consent.
    await provider.interactionFinished(req, res, { select_account: {}, login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'POST') {
      const body = new URLSearchParams(await readBody(req));
      const email = body.get('email')?.trim() ?? '';
      if (!email.includes('@')) return sendForm(res, 'Enter an email');
      return finish(req, res, { email, name: body.get('name') || undefined });
    }
    if (nextAccount) return finish(req, res, nextAccount);
    await provider.interactionDetails(req, res);
    return sendForm(res);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    providerCallback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(account) {
      nextAccount = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Stored = { payload: Record<string, unknown> & { uid?: string; grantId?: string; userCode?: string } };

/** oidc-provider's storage, in memory (its built-in one warns on every start). */
class MemoryAdapter {
  private static readonly store = new Map<string, Stored>();
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: Stored['payload']) {
    MemoryAdapter.store.set(this.key(id), { payload });
  }
  async find(id: string) {
    return MemoryAdapter.store.get(this.key(id))?.payload;
  }
  async findByUid(uid: string) {
    for (const [key, value] of MemoryAdapter.store) if (key.startsWith(`${this.model}:`) && value.payload.uid === uid) return value.payload;
    return undefined;
  }
  async findByUserCode(userCode: string) {
    for (const [key, value] of MemoryAdapter.store) if (key.startsWith(`${this.model}:`) && value.payload.userCode === userCode) return value.payload;
    return undefined;
  }
  async consume(id: string) {
    const stored = MemoryAdapter.store.get(this.key(id));
    if (stored) stored.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, value] of MemoryAdapter.store) if (value.payload.grantId === grantId) MemoryAdapter.store.delete(key);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendForm(res: ServerResponse, error?: string) {
  res.statusCode = error ? 400 : 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body><main>
<h1>Choose an account</h1>${error ? `<p role="alert">${error}</p>` : ''}
<form method="post"><label>Email <input name="email" type="email" autocomplete="email"></label>
<label>Name <input name="name" type="text"></label><button type="submit">Continue</button></form>
</main></body></html>`);
}
