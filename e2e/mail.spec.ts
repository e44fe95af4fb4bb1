import type { APIRequestContext } from '@playwright/test';
import { formatMoney } from '../src/shared/money';
import { clientAddress, expect, test } from './fixtures';

type Mail = { kind: string; to: string; subject: string; text: string; link: string };

const futureExpiry = () => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const freshEmail = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

/** The newest e-mail of this kind to this address, from the development mailbox (no SMTP_URL in e2e). */
async function mailTo(request: APIRequestContext, to: string, kind: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mailbox');
      expect(response.status()).toBe(200);
      found = ((await response.json()) as { messages: Mail[] }).messages.find((mail) => mail.to === to && mail.kind === kind);
      return found !== undefined;
    }, { message: `a ${kind} e-mail to ${to}` })
    .toBe(true);
  return found!;
}

async function signUpThroughApi(request: APIRequestContext, baseURL: string, email: string, password: string, language?: 'es' | 'en') {
  const response = await request.post('/api/auth/sign-up/email', { data: { email, password, ...(language ? { language } : {}) }, headers: { origin: baseURL, ...clientAddress() } });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('account e-mails through the development mailbox', () => {
  test('forgot password → mailbox → new password → signed in; the used link is refused', async ({ page, request, baseURL }) => {
    const email = freshEmail('forgot');
    await signUpThroughApi(request, baseURL!, email, 'Passw0rd12');

    await page.goto('/register');
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Enviarme un enlace' }).click();
    await expect(page.getByText('Revisa tu correo')).toBeVisible();

    const mail = await mailTo(page.request, email, 'password-reset');
    expect(mail.subject).toBe('Restablece tu contraseña');
    await page.goto(mail.link);
    await page.getByLabel('Contraseña nueva').fill('Nueva1234');
    await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
    // The sign-in form, under the toast that says to sign in with the new password.
    await expect(page).toHaveURL(/\/register\?mode=signin$/);
    await expect(page.getByText('¡Contraseña cambiada! Ingresa con la nueva.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill('Nueva1234');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Menú de la cuenta/ })).toBeVisible();

    await page.goto(mail.link);
    await page.getByLabel('Contraseña nueva').fill('Otra12345');
    await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(page.getByText('Este enlace no es válido o ya se usó')).toBeVisible();
  });

  test('a new account is reminded to verify, and the mailed link verifies it', async ({ page, baseURL }) => {
    const email = freshEmail('verify');
    await page.goto('/');
    await signUpThroughApi(page.request, baseURL!, email, 'Passw0rd12');
    await page.reload();
    const reminder = page.getByText(`Confirma tu correo ${email} con el enlace que te enviamos.`);
    await expect(reminder).toBeVisible();

    const mail = await mailTo(page.request, email, 'verify-email');
    expect(mail.subject).toBe('Confirma tu correo electrónico');
    await page.goto(mail.link);
    await expect(page.getByText('¡Correo confirmado!')).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });

  test('a mailed link opens the page in the mail’s language, not the browser’s', async ({ page, browser, baseURL }) => {
    // An account that reads English, in this Spanish browser: its verification mail is in English, and so is the page it opens.
    const english = freshEmail('verify-en');
    await signUpThroughApi(page.request, baseURL!, english, 'Passw0rd12', 'en');
    const verification = await mailTo(page.request, english, 'verify-email');
    expect(verification.subject).toBe('Confirm your e-mail address');
    await page.goto(verification.link);
    await expect(page.getByText('E-mail confirmed!')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // A Spanish account's reset mail, opened in an English browser: the page is in Spanish.
    const spanish = freshEmail('reset-es');
    await signUpThroughApi(page.request, baseURL!, spanish, 'Passw0rd12', 'es');
    const asked = await page.request.post('/api/auth/request-password-reset', { data: { email: spanish }, headers: { origin: baseURL!, ...clientAddress() } });
    expect(asked.status(), await asked.text()).toBe(200);
    const reset = await mailTo(page.request, spanish, 'password-reset');
    expect(reset.subject).toBe('Restablece tu contraseña');
    const englishBrowser = await browser.newContext({ baseURL, locale: 'en-US' });
    const englishPage = await englishBrowser.newPage();
    await englishPage.goto(reset.link);
    await expect(englishPage.getByLabel('Contraseña nueva')).toBeVisible();
    await expect(englishPage.locator('html')).toHaveAttribute('lang', 'es');
    await englishBrowser.close();
  });

  test('a test-card purchase mails the buyer a receipt with the course, the total and a link to My courses', async ({ page, baseURL }) => {
    const email = freshEmail('receipt');
    await page.goto('/');
    await signUpThroughApi(page.request, baseURL!, email, 'Passw0rd12');
    const list = await page.request.get('/api/courses?page=1');
    const course = ((await list.json()) as { items: { id: number; title: string; priceCents: number }[] }).items.find((item) => item.priceCents > 0)!;
    expect((await page.request.post('/api/cart', { data: { courseId: course.id }, headers: { origin: baseURL! } })).status()).toBe(201);

    await page.goto('/shop');
    await page.getByRole('link', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByLabel('Vencimiento (MM/AA)').fill(futureExpiry());
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pagar \$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tu compra fue exitosa!' })).toBeVisible();

    const receipt = await mailTo(page.request, email, 'receipt');
    expect(receipt.subject).toMatch(/^Tu compra [0-9A-F]{8} en Cursos Online$/);
    expect(receipt.text).toContain(`- ${course.title}: ${formatMoney(course.priceCents, 'es')}`);
    expect(receipt.text).toContain(`- Total: ${formatMoney(course.priceCents, 'es')}`);
    expect(receipt.link).toBe(`${baseURL}/mycourses?lang=es`);
  });
});
