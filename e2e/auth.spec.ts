import type { Page } from '@playwright/test';
import { clientAddress, demo, expect, expectAccessible, signInThroughApi, test } from './fixtures';

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Each test is its own client for the sign-in rate limit (see clientAddress). */
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(clientAddress());
});

async function fillCredentials(page: Page, email: string, password: string, labels = { email: 'Correo electrónico', password: 'Contraseña' }) {
  await page.getByRole('textbox', { name: labels.email }).fill(email);
  await page.getByRole('textbox', { name: labels.password }).fill(password);
}

const userMenuButton = (page: Page, name: string | RegExp) => page.getByRole('button', { name: typeof name === 'string' ? `Menú de la cuenta de ${name}` : name });

test.describe('/register in Spanish', () => {
  test('signs a new user up, lands home signed in with the name from the e-mail, and signs out', async ({ page }) => {
    const email = uniqueEmail('nuevo');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 2, name: 'Crea tu cuenta' })).toBeVisible();
    await expectAccessible(page);

    await fillCredentials(page, email, 'Passw0rd12');
    await page.getByRole('button', { name: 'Registrarse' }).click();

    await expect(page).toHaveURL(/\/$/);
    const name = email.split('@')[0]!;
    await userMenuButton(page, name).click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    // Signed out for real: the session cookie no longer opens the API.
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });

  test('signs in with the form, then /register sends the signed-in user home', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeVisible();
    await expectAccessible(page);
    await fillCredentials(page, demo.buyer.email, demo.buyer.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(userMenuButton(page, 'Diego Fernández')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('checks the fields as the spec says and raises "Wrong fields"', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    const dialog = page.getByRole('dialog', { name: /Campos incorrectos/ });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Ingresa un correo electrónico', { exact: true })).toBeVisible();
    await expect(page.getByText('Ingresa una contraseña')).toBeVisible();

    await fillCredentials(page, 'ana@', 'password');
    await expect(page.getByText('Ingresa un correo electrónico válido')).toBeVisible();
    await expect(page.getByText('Debe contener al menos 1 carácter alfabético en mayúscula')).toBeVisible();
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('Password');
    await expect(page.getByText('Debe contener al menos 1 carácter numérico')).toBeVisible();
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('Pass1');
    await expect(page.getByText('Debe contener entre 8 y 12 caracteres')).toBeVisible();
    await expectAccessible(page);
  });

  test('shows the spec’s dialogs for a wrong password, an unknown e-mail and an e-mail already registered, clearing the form', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }).click();
    for (const [email, password] of [
      [demo.buyer.email, 'Wrong12345'],
      [uniqueEmail('nadie'), 'Passw0rd12'],
    ]) {
      await fillCredentials(page, email!, password!);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /¡Correo y\/o Contraseña inválida!/ });
      await expect(dialog).toContainText('Si no recuerdas tu contraseña, usa «¿Olvidaste tu contraseña?».');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('');
    }

    await page.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }).click();
    await fillCredentials(page, demo.buyer.email, 'Passw0rd12');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    const taken = page.getByRole('dialog', { name: /El correo electrónico ya existe!/ });
    await expect(taken).toContainText('Intenta con otra cuenta.');
    await expect(taken.getByRole('img', { name: 'Información' })).toBeVisible();
  });

  test('tells a disabled account so, with the spec’s dialog', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }).click();
    await fillCredentials(page, demo.disabled.email, demo.disabled.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Tu cuenta ha sido deshabilitada\./ });
    await expect(dialog).toContainText('Ponte en contacto con nosotros');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
  });

  test('says so after too many attempts from one address', async ({ page, baseURL }) => {
    const address = clientAddress();
    await page.setExtraHTTPHeaders(address);
    // Guesses at other e-mails: the address's allowance runs out without spending the demo
    // buyer's own per-account allowance, which the other specs need to sign in.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await page.request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL!, ...address },
        data: { email: uniqueEmail('guess'), password: 'Wrong12345' },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto('/register');
    await page.getByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }).click();
    await fillCredentials(page, demo.buyer.email, demo.buyer.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /Demasiados intentos/ })).toContainText('espera un minuto');
  });

  test('says so when the server cannot be reached', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }).click();
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('internetdisconnected'));
    await fillCredentials(page, demo.buyer.email, demo.buyer.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /Sin conexión con el servidor/ })).toContainText('Revisa tu conexión a internet');
  });
});

test.describe('/register in English', () => {
  test.use({ locale: 'en-US' });

  test('signs in with the form, with the English texts', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 2, name: 'Create your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const wrongFields = page.getByRole('dialog', { name: /Wrong fields/ });
    await expect(wrongFields).toBeVisible();
    await wrongFields.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Enter an email', { exact: true })).toBeVisible();
    await expect(page.getByText('Enter a password')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password' }).fill('Abcdefg1xxxxx');
    await expect(page.getByText('Must contain between 8 and 12 characters')).toBeVisible();
    await expectAccessible(page);

    await fillCredentials(page, demo.buyer.email, 'Wrong12345', { email: 'Email', password: 'Password' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const invalid = page.getByRole('dialog', { name: /Invalid email and\/or password!/ });
    await expect(invalid).toContainText('If you do not remember your password, use "Forgot your password?".');
    await invalid.getByRole('button', { name: 'OK' }).click();

    await fillCredentials(page, demo.buyer.email, demo.buyer.password, { email: 'Email', password: 'Password' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu of Diego Fernández' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectAccessible(page);
  });
});

test.describe('Google sign-in', () => {
  test('goes to the identity provider and back, signed in as a new user with the provider’s e-mail', async ({ page }) => {
    const email = uniqueEmail('google');
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();

    // The local OpenID Connect provider's account chooser (as Google's would be).
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/localhost:\d+\/$/);
    const name = email.split('@')[0]!;
    await userMenuButton(page, name).click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
    const me = await page.request.get('/api/users/me');
    expect(await me.json()).toMatchObject({ email, name, isAdmin: false });
  });

  test('does not take over an unverified password account with the same e-mail, and says the e-mail exists', async ({ page, baseURL }) => {
    // Password sign-ups are unverified (no e-mail delivery): someone may have registered
    // another person's address, so Google must not sign into that account.
    const email = uniqueEmail('ocupado');
    await page.request.post('/api/auth/sign-up/email', { headers: { origin: baseURL!, ...clientAddress() }, data: { email, password: 'Passw0rd12' } });
    await page.request.post('/api/auth/sign-out', { headers: { origin: baseURL! }, data: {} });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back on the sign-in form: the account exists, so signing in is what is left.
    await expect(page).toHaveURL(/\/register\?mode=signin$/);
    await expect(page.getByRole('dialog', { name: /El correo electrónico ya existe!/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
  });
});

test.describe('a disabled user', () => {
  test('is thrown out with the disabled dialog when an admin disables the account', async ({ page, playwright, baseURL }) => {
    const email = uniqueEmail('despedido');
    const signUp = await page.request.post('/api/auth/sign-up/email', { headers: { origin: baseURL!, ...clientAddress() }, data: { email, password: 'Passw0rd12' } });
    const { user } = (await signUp.json()) as { user: { id: string; name: string } };
    await page.goto('/');
    await expect(userMenuButton(page, user.name)).toBeVisible();

    const admin = await playwright.request.newContext({ baseURL });
    try {
      await admin.post('/api/auth/sign-in/email', { headers: { origin: baseURL!, ...clientAddress() }, data: demo.admin });
      const disable = await admin.post(`/api/admin/users/${user.id}/disable`, { headers: { origin: baseURL! }, data: {} });
      test.skip(disable.status() === 404, 'needs the admin feature’s POST /api/admin/users/:id/disable');
      expect(disable.ok()).toBe(true);
    } finally {
      await admin.dispose();
    }

    // The next page the user opens asks the server, which refuses the session at once.
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: /Tu cuenta ha sido deshabilitada\./ });
    await expect(dialog).toContainText('Ponte en contacto con nosotros');
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });

  test('any API answer ACCOUNT_DISABLED shows the dialog and signs out, app-wide', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    // What the server answers a disabled user's session (proven by the API tests), on the
    // call the navbar makes: the client must show the dialog and sign out whichever call it is.
    await page.route('**/api/users/me', (route) =>
      route.fulfill({ status: 401, json: { error: { code: 'ACCOUNT_DISABLED', message: 'This account has been disabled' } } }),
    );
    await page.reload();
    const dialog = page.getByRole('dialog', { name: /Tu cuenta ha sido deshabilitada\./ });
    await expect(dialog).toContainText('Ponte en contacto con nosotros');
    await expectAccessible(page);
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    await page.unroute('**/api/users/me');
    expect((await page.request.get('/api/auth/get-session')).status()).toBe(200);
    expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
  });
});

test.describe('Mis Datos', () => {
  test('shows the user’s own data, edits name and picture, and goes home', async ({ page, baseURL }) => {
    const email = uniqueEmail('perfil');
    const password = 'Passw0rd12';
    await page.request.post('/api/auth/sign-up/email', { headers: { origin: baseURL!, ...clientAddress() }, data: { email, password } });
    const name = email.split('@')[0]!;

    // Someone else's name in the address leads to one's own dashboard.
    await page.goto('/Diego%20Fern%C3%A1ndez');
    await expect(page).toHaveURL(new RegExp(`/${name}$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Mis Datos' })).toBeVisible();
    await expect(main.getByText(email)).toBeVisible();
    await expect(main.getByText(name, { exact: true })).toBeVisible();
    await expectAccessible(page);

    await main.getByRole('button', { name: 'Editar' }).click();
    await main.getByRole('textbox', { name: 'Nombre' }).fill('Perfil Editado');
    await main.getByRole('textbox', { name: 'Imagen (URL)' }).fill('javascript:alert(1)');
    await main.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(main.getByText('Ingresa una URL de imagen válida (http o https)')).toBeVisible();
    await expectAccessible(page);
    await main.getByRole('textbox', { name: 'Imagen (URL)' }).fill(`${baseURL}/favicon.svg`);
    await main.getByRole('button', { name: 'Enviar', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: /¡Datos actualizados!/ });
    await expect(dialog).toContainText('Da click en OK para ver cambios');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/$/);
    await userMenuButton(page, 'Perfil Editado').click();
    await page.getByRole('menuitem', { name: 'Mis Datos' }).click();
    await expect(page).toHaveURL(/\/Perfil%20Editado$/);
    await expect(page.getByRole('main').getByRole('img', { name: 'Foto de perfil' })).toHaveAttribute('src', `${baseURL}/favicon.svg`);
  });

  test('a visitor is sent to the sign-in form, with the page as the way back', async ({ page }) => {
    await page.goto('/cualquiera');
    await expect(page).toHaveURL(/\/register\?mode=signin&next=%2Fcualquiera$/);
  });
});

test.describe('navbar by role', () => {
  test('admins see Administración, teachers with courses see Cursos creados, and the cart leads to /shop', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await page.reload();
    await page.getByRole('button', { name: /Admin Demo/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Administración' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: new URL(page.url()).origin } });
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    await page.reload();
    await page.getByRole('button', { name: /Laura Martínez/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Cursos creados' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Administración' })).toHaveCount(0);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/shop');
  });
});
