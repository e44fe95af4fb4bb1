import { expect, expectAccessible, test } from './fixtures';

/** The demo catalogue's course the search looks for, typed without accents and with a typo. */
const photography = 'Fotografía digital: domina tu cámara';

test.describe.configure({ mode: 'serial' });

test.describe('storefront (en)', () => {
  test.use({ locale: 'en-US' });

  test('names the categories in English on the home page and in the catalogue', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Browse by category' })).toBeVisible();
    const programming = main.getByRole('link', { name: 'Programming', exact: true });
    await expect(programming).toBeVisible();
    await expect(main.getByRole('link', { name: 'Data science', exact: true })).toBeVisible();
    await expect(main.getByText('Programación')).toHaveCount(0);
    await expect(main.getByText('Ciencia de datos')).toHaveCount(0);
    // Figures from the data: the catalogue's courses are as many as the catalogue lists.
    const figures = main.getByRole('list', { name: 'The platform in figures' });
    const total = (await (await page.request.get('/api/courses')).json()).total as number;
    await expect(figures.getByRole('listitem').filter({ hasText: 'courses' })).toHaveText(`${total}courses`);
    await expect(main.getByRole('list', { name: 'Most popular' }).getByRole('listitem')).toHaveCount(8);
    await expect(main.getByRole('list', { name: 'Top rated' }).getByRole('listitem')).toHaveCount(8);
    await expectAccessible(page);

    await programming.click();
    await expect(page).toHaveURL(/\/allcourses\?categoryId=\d+$/);
    const category = page.getByRole('combobox', { name: 'Category', exact: true });
    await expect(category.locator('option:checked')).toHaveText('Programming');
    await expect(category.locator('option', { hasText: 'Ciencia de datos' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Subcategory', exact: true }).locator('option', { hasText: 'Web development' })).toHaveCount(1);
  });
});

test.describe('storefront (es)', () => {
  test('the hero search suggests titles and searches the catalogue', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('main').getByRole('search');
    const box = search.getByRole('combobox', { name: 'Buscar cursos' });
    await box.fill('fotografia digitl');
    // The catalogue's suggestions (typos forgiven), offered by the browser's list.
    await expect(search.locator(`datalist option[value="${photography}"]`)).toHaveCount(1);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/allcourses\?q=fotografia\+digitl$/);
    await expect(page.getByRole('main').getByRole('article').first().getByRole('link', { name: photography, exact: true })).toBeVisible();
  });

  test('without JavaScript: the header offers "Ingresar" and the search still searches', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES', baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' }).first()).toBeVisible();
      const box = page.getByRole('main').getByRole('search').getByRole('combobox', { name: 'Buscar cursos' });
      await box.fill('fotografia digital');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/allcourses\?q=fotografia\+digital$/);
      await expect(page.getByRole('main').getByRole('article').first().getByRole('link', { name: photography, exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
