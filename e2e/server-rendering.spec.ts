import { demo, expect, signInThroughApi, test } from './fixtures';

/**
 * The API reads whose answers a server-rendered page already carries: the listing, a course, its
 * reviews, the categories. (A course's reputation is not among them: it loads below the fold.)
 */
const pageData = /\/api\/(courses(\?[^/]*)?|courses\/\d+|courses\/\d+\/reviews(\?.*)?|categories)$/;

const publicPages = [
  { path: '/', text: 'Cursos recientes' },
  { path: '/allcourses', text: 'Todos los cursos' },
  { path: '/course/1', text: 'Reseñas' },
  { path: '/register', text: 'Crea tu cuenta' },
  { path: '/about', text: 'Nuestro equipo' },
  { path: '/contact', text: 'Contáctanos' },
];

test.describe('server-rendered public pages', () => {
  for (const { path, text } of publicPages) {
    test(`${path} arrives drawn, and the browser takes it over without fetching its data again`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(text);

      const dataRequests: string[] = [];
      page.on('request', (sent) => {
        const { pathname, search } = new URL(sent.url());
        if (pageData.test(pathname + search)) dataRequests.push(sent.url());
      });
      await page.goto(path);
      await expect(page.getByText(text).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(dataRequests).toEqual([]);
    });
  }

  test('a signed-in user gets the user menu after hydration, on a page drawn for visitors', async ({ page }) => {
    await page.goto('/about');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    await page.goto('/allcourses');
    await expect(page.getByRole('button', { name: /^Menú de la cuenta de/ })).toBeVisible();
  });

  test('the language follows the cookie, then Accept-Language', async ({ request, browser }) => {
    const english = await (await request.get('/allcourses', { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('All courses');
    const cookieWins = await (await request.get('/allcourses', { headers: { 'accept-language': 'en-US', cookie: 'language=es' } })).text();
    expect(cookieWins).toContain('<html lang="es"');

    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/allcourses');
    await expect(page.getByRole('heading', { name: 'All courses' })).toBeVisible();
    // Until the page is hydrated its buttons are only drawn (this page is not the fixture's).
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The switch sets the cookie: the next page the server draws is in Spanish.
    await page.getByRole('button', { name: /^ES/ }).click();
    await expect(page.getByRole('heading', { name: 'Todos los cursos' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await context.close();
  });

  test('with JavaScript off the catalogue reads, and its pages are links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto('/allcourses');
    await expect(page.getByRole('heading', { name: 'Todos los cursos' })).toBeVisible();
    const firstTitle = await page.locator('main h2 a').first().textContent();
    await page.getByRole('link', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/\/allcourses\?page=2$/);
    await expect(page.locator('main h2 a').first()).not.toHaveText(firstTitle ?? '');
    await page.locator('main a[href^="/course/"]').first().click();
    await expect(page.getByRole('heading', { name: 'Reseñas' })).toBeVisible();
    await context.close();
  });

  test('an unknown course is the not-found page, status 404, drawn by the server', async ({ page, request }) => {
    const response = await request.get('/course/999999');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Curso no encontrado');
    await page.goto('/course/999999');
    await expect(page.getByRole('heading', { name: 'Curso no encontrado' })).toBeVisible();
  });
});
