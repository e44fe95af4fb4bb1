import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { axeFor } from './fixtures';

/** Demo accounts seeded on the e2e server's fresh database (src/server/db/demo-catalogue.ts). */
const admin = { email: 'admin@demo.test', password: 'Admin12345' };
const buyer = { email: 'buyer@demo.test', password: 'Buyer12345' };

/**
 * Each account signs in once, through the API, and the tests reuse its cookies: sign-in is
 * rate limited per address, and every spec of the suite signs in from the same one.
 */
const stateDir = path.join('.tmp', 'e2e-auth');
const stateFile = (account: { email: string }) => path.join(stateDir, `${account.email}.json`);

async function saveSession(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, account: { email: string; password: string }) {
  // An empty state: the context would otherwise take the test's storageState, not written yet.
  const api: APIRequestContext = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const response = await api.post('/api/auth/sign-in/email', { data: account, headers: { origin: baseURL } });
  expect(response.ok(), await response.text()).toBeTruthy();
  await api.storageState({ path: stateFile(account) });
  await api.dispose();
}

test.beforeAll(async ({ playwright }, testInfo) => {
  mkdirSync(stateDir, { recursive: true });
  const baseURL = testInfo.project.use.baseURL ?? '';
  await saveSession(playwright, baseURL, admin);
  await saveSession(playwright, baseURL, buyer);
});

/** No serious or critical accessibility violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await axeFor(page).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const dialog = (page: Page) => page.getByRole('dialog');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Answers the open "¿Estás seguro?" dialog, then closes the result dialog after checking its text. */
async function answerConfirmation(page: Page, answer: string, result: string) {
  const confirm = page.getByRole('dialog', { name: /¿Estás seguro\?/ });
  await confirm.getByRole('button', { name: answer }).click();
  await expect(confirm).toHaveCount(0);
  const outcome = page.getByRole('dialog', { name: new RegExp(escape(result)) });
  await outcome.getByRole('button', { name: 'OK' }).click();
  await expect(dialog(page)).toHaveCount(0);
}

test('a visitor writes through /contact and the admin reads and removes it in the mailbox', async ({ page: visitorPage, browser }) => {
  let page = visitorPage;
  const text = `Hola, ¿hay descuentos para grupos? (${Date.now()})`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible();
  await expectAccessible(page);
  const send = page.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('visitante@example.com');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Visitante E2E');
  await page.getByRole('textbox', { name: 'Mensaje' }).fill('corto');
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'Mensaje' }).fill(text);
  await send.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('¡Mensaje enviado!')).toBeVisible();

  const adminContext = await browser.newContext({ storageState: stateFile(admin) });
  page = await adminContext.newPage();
  await page.goto('/admin/ContactUsd');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu correo' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('visitante@example.com');
  await expectAccessible(page);

  await row.getByRole('button', { name: /Eliminar/ }).click();
  await expect(dialog(page).getByText('¿Estás seguro?')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.getByText('¡Mensaje eliminado!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);

  // The same mailbox answers at /ContactUsd.
  await page.goto('/ContactUsd');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu correo' })).toBeVisible();
  await adminContext.close();
});

test.describe('as the admin', () => {
  test.use({ storageState: stateFile(admin) });

  test('the admin home shows its entries, the figures and the revenue chart', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administración' })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Secciones de administración' });
    for (const [name, href] of [
      ['Cursos', '/admin/cursos'],
      ['Usuarios', '/admin/usuarios'],
      ['Pagos', '/admin/ordenes'],
      ['Mensajes', '/admin/ContactUsd'],
      ['Pagos a profesores', '/admin/pagos'],
    ] as const) {
      // Each entry's name starts with its title, followed by its hint.
      await expect(sections.locator(`a[href="${href}"]`)).toHaveAccessibleName(new RegExp(`^${name}`));
    }
    await expect(page.getByText('Órdenes pagadas')).toBeVisible();
    await expect(page.getByText('Cursos activos')).toBeVisible();
    await expect(page.getByText('Ingresos por día (últimos 30 días)')).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('courses: filter, search, edit, disable and enable with their confirmations', async ({ page }) => {
    await page.goto('/admin/cursos');
    await expect(page.getByRole('heading', { level: 1, name: 'Cursos' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Buscar por título o profesor' }).fill('Marketing digital desde cero');
    const row = page.getByRole('row').filter({ hasText: 'Marketing digital desde cero' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: /Editar/ }).click();
    await expect(page).toHaveURL(/\/admin\/cursos\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Editar curso' })).toBeVisible();
    await expectAccessible(page);

    const description = page.getByRole('textbox', { name: 'Descripción' });
    await description.fill('Corto');
    await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
    await description.fill('Estrategia, embudos, email y publicidad online para cualquier negocio.');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog(page).getByText('¡Curso editado!')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'OK' }).click();

    await page.getByRole('button', { name: 'Deshabilitar' }).click();
    await answerConfirmation(page, 'Cancelar', 'El curso sigue habilitado.');
    await page.getByRole('button', { name: 'Deshabilitar' }).click();
    await answerConfirmation(page, 'Sí, deshabilitar', '¡Curso deshabilitado!');
    await expect(page.getByText('Inactivo')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/admin/cursos?status=inactive');
    await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('inactive');
    await expect(page.getByRole('row').filter({ hasText: 'Marketing digital desde cero' })).toHaveCount(1);
    await page.getByRole('row').filter({ hasText: 'Marketing digital desde cero' }).getByRole('link', { name: /Editar/ }).click();
    await page.getByRole('button', { name: 'Habilitar' }).click();
    await answerConfirmation(page, 'Cancelar', 'El curso sigue deshabilitado.');
    await page.getByRole('button', { name: 'Habilitar' }).click();
    await answerConfirmation(page, 'Sí, habilitar', '¡Curso habilitado!');
    await expect(page.getByRole('button', { name: 'Deshabilitar' })).toBeVisible();
  });

  test('users: search, edit "Mis Datos", disable, enable and make admin with their confirmations', async ({ page }) => {
    await page.goto('/admin/usuarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('mateo@demo.test');
    const row = page.getByRole('row').filter({ hasText: 'mateo@demo.test' });
    await expect(row).toHaveCount(1);
    await expectAccessible(page);
    await row.getByRole('link', { name: /Editar/ }).click();
    await expect(page).toHaveURL(/\/admin\/user\/.+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mis Datos' })).toBeVisible();
    await expect(page.getByText('mateo@demo.test')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Mateo Gómez Editado');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog(page).getByText('¡Datos actualizados!')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Mateo Gómez Editado')).toBeVisible();

    await page.getByRole('button', { name: 'Deshabilitar' }).click();
    await answerConfirmation(page, 'Cancelar', 'El usuario sigue habilitado.');
    await page.getByRole('button', { name: 'Deshabilitar' }).click();
    await answerConfirmation(page, 'Sí, deshabilitar', '¡Usuario deshabilitado!');
    await page.getByRole('button', { name: 'Habilitar' }).click();
    await answerConfirmation(page, 'Cancelar', 'El usuario sigue deshabilitado.');
    await page.getByRole('button', { name: 'Habilitar' }).click();
    await answerConfirmation(page, 'Sí, habilitar', '¡Usuario habilitado!');

    await page.getByRole('button', { name: 'Hacer admin' }).click();
    await answerConfirmation(page, 'Cancelar', 'El usuario aún no es admin.');
    await page.getByRole('button', { name: 'Hacer admin' }).click();
    await answerConfirmation(page, 'Sí, hacer admin', '¡Ahora Mateo Gómez Editado es Admin!');
    await expect(page.getByRole('button', { name: 'Hacer admin' })).toHaveCount(0);
  });

  test('categories: create, rename, disable and enable', async ({ page }) => {
    const name = `Cocina ${Date.now() % 100000}`;
    await page.goto('/admin/categorias');
    await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nueva categoría' }).fill(name);
    await page.getByRole('button', { name: 'Crear' }).click();
    const card = page.getByRole('region', { name });
    await expect(card).toBeVisible();
    await card.getByRole('textbox', { name: `Nueva subcategoría de ${name}` }).fill('Repostería');
    await card.getByRole('button', { name: 'Agregar' }).click();
    await expect(card.getByText('Repostería')).toBeVisible();
    await expectAccessible(page);

    await card.getByRole('button', { name: `Renombrar ${name}` }).click();
    await card.getByRole('textbox', { name: `Nuevo nombre de ${name}` }).fill(`${name} casera`);
    await card.getByRole('button', { name: 'Guardar' }).click();
    const renamed = page.getByRole('region', { name: `${name} casera` });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: `Deshabilitar ${name} casera` }).click();
    await answerConfirmation(page, 'Sí, deshabilitar', `¡${name} casera deshabilitada!`);
    await expect(renamed.getByText('Inactivo').first()).toBeVisible();
    await expectAccessible(page);
    await renamed.getByRole('button', { name: `Habilitar ${name} casera` }).click();
    await answerConfirmation(page, 'Sí, habilitar', `¡${name} casera habilitada!`);

    // A second category with the same name is refused with a clear message.
    await page.getByRole('textbox', { name: 'Nueva categoría' }).fill(`${name} CASERA`);
    await page.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText('Ese nombre ya existe')).toBeVisible();
  });

  test('orders are listed newest first, filter by status and refund; the audit log shows admin actions', async ({ page }) => {
    await page.goto('/admin/ordenes');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
    for (const column of ['Pedido', 'Usuario', 'Artículos', 'Monto total (US$)', 'Estado del pago']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Estado del pago' }).selectOption('paid');
    await expect(page).toHaveURL(/status=paid/);
    const statuses = page.getByRole('row').locator('td:nth-child(5)');
    await expect(statuses.first()).toHaveText('Pagado');

    // Refund a paid order (not the demo buyer's, which other specs rely on), with its confirmation.
    const paidRow = page.getByRole('row').filter({ hasText: 'Pagado' }).filter({ hasNotText: 'buyer@demo.test' }).first();
    // The user cell reads name, e-mail and date: the e-mail finds the order again after the refund.
    const orderText = await paidRow.locator('td').nth(1).locator('p').nth(1).innerText();
    expect(orderText).toContain('@');
    // Its number, as the receipt prints it, finds it (with the status filter still applied).
    const number = await paidRow.locator('td').first().innerText();
    expect(number).toMatch(/^[0-9A-F]{8}$/);
    await page.getByRole('searchbox', { name: /Número de pedido/ }).fill(number.slice(0, 6));
    await expect(page).toHaveURL(new RegExp(`number=${number.slice(0, 6)}`));
    await expect(page.getByRole('row').filter({ hasText: number }).first()).toBeVisible();
    await page.getByRole('searchbox', { name: /Número de pedido/ }).fill('');
    await expect(page).not.toHaveURL(/number=/);
    // The whole order's button: a line of an order of several has its own ("Reembolsar «title»").
    await paidRow.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    await answerConfirmation(page, 'Cancelar', 'La orden no fue reembolsada.');
    await paidRow.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    await answerConfirmation(page, 'Sí, reembolsar', '¡Orden reembolsada!');
    await page.getByRole('combobox', { name: 'Estado del pago' }).selectOption('refunded');
    await expect(page.getByRole('row').filter({ hasText: orderText }).first()).toContainText('Reembolsado');

    await page.goto('/admin/auditoria');
    await expect(page.getByRole('heading', { level: 1, name: 'Registro de actividad' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Reembolsó una orden' }).first()).toContainText('admin@demo.test');
    await expectAccessible(page);
  });
});

test('a visitor is asked to sign in, and anyone but an admin sees the not-allowed screen', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/register\?mode=signin&next=%2Fadmin$/);
  const { cookies } = JSON.parse(readFileSync(stateFile(buyer), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(cookies);
  await page.goto('/admin/usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso restringido' })).toBeVisible();
  await expectAccessible(page);
});

test('the about page shows the team with quotes and profile links', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Nosotros' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Nuestro equipo' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('link', { name: /Perfil de Ana Martínez en GitHub/ })).toHaveAttribute('href', /^https:\/\//);
  await expectAccessible(page);
});
