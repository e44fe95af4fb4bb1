import { demo, expect, expectAccessible, signInThroughApi, test } from './fixtures';

test.describe('the running marketplace', () => {
  test('home shows the seeded catalogue and the layout, accessibly', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Cursos Online/);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    for (const label of ['Inicio', 'Cursos', 'Nosotros', 'Contacto']) await expect(nav.getByRole('link', { name: label })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Nosotros' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contacto' })).toBeVisible();
    await expectAccessible(page);
  });

  test('navigates between pages without reloading and shows not-found for unknown paths', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Cursos' }).click();
    await expect(page).toHaveURL(/\/allcourses$/);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Nosotros' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expectAccessible(page);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Contacto' }).click();
    await expect(page).toHaveURL(/\/contact$/);

    const response = await page.goto('/course/not-a-number');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the cart icon leads to the sign-in form when signed out, with the cart as the way back', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Carrito/ }).click();
    await expect(page).toHaveURL(/\/register\?mode=signin&next=%2Fshop$/);
  });

  test('the language switch changes the interface and is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Courses' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' })).toBeVisible();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Nosotros' })).toBeVisible();
  });

  test('a signed-in user sees their name and e-mail in the user menu and can sign out', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    await page.reload();
    await page.getByRole('button', { name: /Diego Fernández/ }).click();
    await expect(page.getByText(demo.buyer.email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
  });
});
