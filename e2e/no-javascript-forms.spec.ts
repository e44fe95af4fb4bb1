import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { clientAddress, demo, expect, test } from './fixtures';
import { serverLogFile } from './server-log';

const freshEmail = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
/** A password nobody else's test types: found in a URL or in the log, it can only have come from this spec. */
const freshPassword = () => `Nojs${Math.floor(1000 + Math.random() * 8999)}x`;

/**
 * A browser with JavaScript off: the server's drawn page is all there is, and every form is
 * submitted by the browser itself. Every address it asks for is kept, to check that none carries
 * what was typed. Each context is its own client address (sign-in is limited per address).
 */
async function withoutJavaScript(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; addresses: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'es-ES', extraHTTPHeaders: clientAddress() });
  const page = await context.newPage();
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  return { context, page, addresses };
}

/** Nothing typed is in any address the browser asked for (as typed, or as a form encodes it). */
function expectNotIn(addresses: string[], ...secrets: string[]) {
  for (const secret of secrets) {
    for (const spelling of [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]) {
      expect(addresses.filter((address) => address.includes(spelling))).toEqual([]);
    }
  }
}

const serverLog = () => readFileSync(serverLogFile(process.env.E2E_PORT ?? 3100), 'utf8');

async function signedInEmail(context: BrowserContext): Promise<string | null> {
  const response = await context.request.get('/api/auth/get-session');
  const body = (await response.json()) as { user: { email: string } } | null;
  return body?.user.email ?? null;
}

test.describe('the public forms with JavaScript off', () => {
  // Each test draws several pages on the server and hashes a password or two (argon2): more than the default allows on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('sign-up creates the account and signs in; the password is in no address and not in the log', async ({ browser, baseURL }) => {
    const { context, page, addresses } = await withoutJavaScript(browser, baseURL!);
    const email = freshEmail('nojs-signup');
    const password = freshPassword();
    await page.goto('/register');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect(await signedInEmail(context)).toBe(email);
    expectNotIn(addresses, password, email);
    expect(serverLog()).not.toContain(password);
    await context.close();
  });

  test('sign-in: a wrong password comes back with the spec’s message, the right one signs in; neither is in an address or the log', async ({ browser, baseURL, request }) => {
    const email = freshEmail('nojs-signin');
    const password = freshPassword();
    const wrong = freshPassword();
    const created = await request.post('/api/auth/sign-up/email', { data: { email, password }, headers: { origin: baseURL!, ...clientAddress() } });
    expect(created.status()).toBe(200);

    const { context, page, addresses } = await withoutJavaScript(browser, baseURL!);
    await page.goto('/register?mode=signin');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill(wrong);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(`${baseURL}/register?mode=signin&notice=INVALID_CREDENTIALS`);
    await expect(page.getByRole('alert')).toContainText('¡Correo y/o Contraseña inválida!');
    expect(await signedInEmail(context)).toBeNull();

    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect(await signedInEmail(context)).toBe(email);
    expectNotIn(addresses, password, wrong, email);
    const log = serverLog();
    expect(log).not.toContain(password);
    expect(log).not.toContain(wrong);
    await context.close();
  });

  test('password reset: the request says the link was sent, and the link is in the development mailbox', async ({ browser, baseURL, request }) => {
    const email = freshEmail('nojs-reset');
    const created = await request.post('/api/auth/sign-up/email', { data: { email, password: freshPassword() }, headers: { origin: baseURL!, ...clientAddress() } });
    expect(created.status()).toBe(200);

    const { context, page, addresses } = await withoutJavaScript(browser, baseURL!);
    await page.goto('/register?mode=forgot');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Enviarme un enlace' }).click();
    await expect(page).toHaveURL(`${baseURL}/register?mode=forgot&notice=RESET_LINK_SENT`);
    await expect(page.getByRole('status').filter({ hasText: 'Revisa tu correo' })).toBeVisible();
    await expect
      .poll(async () => {
        const mailbox = (await (await request.get('/api/dev/mailbox')).json()) as { messages: { to: string; kind: string }[] };
        return mailbox.messages.some((mail) => mail.to === email && mail.kind === 'password-reset');
      }, { message: `a password-reset e-mail to ${email}` })
      .toBe(true);
    expectNotIn(addresses, email);
    await context.close();
  });

  test('contact: the message is stored and the page says it was sent', async ({ browser, baseURL, playwright }) => {
    const email = freshEmail('nojs-contact');
    const text = `Hola, escribo sin JavaScript (${email}).`;
    const { context, page, addresses } = await withoutJavaScript(browser, baseURL!);
    await page.goto('/contact');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Nombre').fill('Ana Sin Script');
    await page.getByLabel('Mensaje').fill(text);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page).toHaveURL(`${baseURL}/contact?notice=MESSAGE_SENT`);
    await expect(page.getByRole('status').filter({ hasText: '¡Mensaje enviado!' })).toBeVisible();
    expectNotIn(addresses, email);

    const admin = await playwright.request.newContext({ baseURL });
    const signIn = await admin.post('/api/auth/sign-in/email', { data: demo.admin, headers: { origin: baseURL!, ...clientAddress() } });
    expect(signIn.status()).toBe(200);
    const messages = (await (await admin.get('/api/admin/messages')).json()) as { items: { email: string; name: string; message: string }[] };
    expect(messages.items.find((message) => message.email === email)).toMatchObject({ name: 'Ana Sin Script', message: text });
    await admin.dispose();
    await context.close();
  });
});
