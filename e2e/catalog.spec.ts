import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, signInThroughApi, test } from './fixtures';

/** What the catalogue's pages say in each language (course and category names are data). */
const languages = {
  es: {
    locale: 'es-ES',
    seeAll: 'Ver todos: Cursos recientes',
    design: 'Diseño',
    graphicDesign: 'Diseño gráfico',
    latest: 'Cursos recientes',
    allCourses: 'Todos los cursos',
    search: 'Buscar cursos',
    category: 'Categoría',
    subcategory: 'Subcategoría',
    pages: 'Páginas',
    page: (n: number) => `Página ${n}`,
    total: (n: number) => `${n} cursos`,
    ratingOf: /^\d,\d de 5$/,
    addToCart: 'Agregar al carrito',
    favourite: (title: string) => `Favorito: ${title}`,
    favourites: 'Mis Favoritos',
    reviews: 'Reseñas',
    notFound: 'Curso no encontrado',
  },
  en: {
    locale: 'en-US',
    seeAll: 'See all: Latest courses',
    design: 'Design',
    graphicDesign: 'Graphic design',
    latest: 'Latest courses',
    allCourses: 'All courses',
    search: 'Search courses',
    category: 'Category',
    subcategory: 'Subcategory',
    pages: 'Pages',
    page: (n: number) => `Page ${n}`,
    total: (n: number) => `${n} courses`,
    ratingOf: /^\d\.\d of 5$/,
    addToCart: 'Add to cart',
    favourite: (title: string) => `Favourite: ${title}`,
    favourites: 'My Favourites',
    reviews: 'Reviews',
    notFound: 'Course not found',
  },
} as const;

/** The demo catalogue's course that the search looks for, typed without accents and with a typo. */
const photography = 'Fotografía digital: domina tu cámara';

const firstCardTitle = (page: Page) => page.getByRole('main').getByRole('article').first().getByRole('heading').innerText();

for (const [language, text] of Object.entries(languages)) {
  test.describe(`catalogue (${language})`, () => {
    test.use({ locale: text.locale });

    test('browse, search with a typo, filter, paginate, reload on page 2', async ({ page }) => {
      await page.goto('/');
      const latest = page.getByRole('list', { name: text.latest });
      await expect(latest.getByRole('listitem')).toHaveCount(8);
      await expect(latest.getByRole('article').first().getByText(/USD$|^GRATIS$|^FREE$/)).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('main').getByRole('link', { name: text.seeAll }).click();
      await expect(page).toHaveURL(/\/allcourses$/);
      await expect(page.getByRole('heading', { level: 1, name: text.allCourses })).toBeVisible();
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(9);
      await expectAccessible(page);

      // No accents and a typo: "fotografia digitl" still finds "Fotografía digital".
      const search = page.getByRole('combobox', { name: text.search });
      await search.fill('fotografia digitl');
      await expect(page.getByRole('option', { name: photography })).toBeVisible();
      await search.press('Escape');
      await search.press('Enter');
      await expect(page).toHaveURL(/\?q=fotografia\+digitl$/);
      await expect(page.getByRole('main').getByRole('article').first().getByRole('link', { name: photography, exact: true })).toBeVisible();

      // A filter replaces the search's page; the subcategory follows the category.
      await page.goto('/allcourses');
      await page.getByRole('combobox', { name: text.category, exact: true }).selectOption({ label: text.design });
      await expect(page).toHaveURL(/\/allcourses\?categoryId=\d+$/);
      await page.getByRole('combobox', { name: text.subcategory, exact: true }).selectOption({ label: text.graphicDesign });
      await expect(page).toHaveURL(/categoryId=\d+&subcategoryId=\d+$/);
      await expect(page.getByText(text.total(2))).toBeVisible();
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);

      // Page 2, then a reload keeps it.
      await page.goto('/allcourses');
      const firstOnPage1 = await firstCardTitle(page);
      await page.getByRole('navigation', { name: text.pages }).getByRole('link', { name: text.page(2) }).click();
      await expect(page).toHaveURL(/\/allcourses\?page=2$/);
      await expect(page.getByRole('main').getByRole('article').first().getByRole('heading')).not.toHaveText(firstOnPage1);
      const firstOnPage2 = await firstCardTitle(page);
      await page.reload();
      await expect(page.getByRole('navigation', { name: text.pages }).getByRole('link', { name: text.page(2) })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main').getByRole('article').first().getByRole('heading')).toHaveText(firstOnPage2);
      await expectAccessible(page);
    });

    test('open a course, favourite it, see it in /favourites', async ({ page }) => {
      await page.goto('/');
      await signInThroughApi(page, demo.buyer.email, demo.buyer.password);

      // Find the course by the search, then open it from its card.
      await page.goto(`/allcourses?q=${encodeURIComponent('fotografia digital')}`);
      await page.getByRole('main').getByRole('link', { name: photography, exact: true }).click();
      await expect(page).toHaveURL(/\/course\/\d+$/);
      const courseId = Number(/\/course\/(\d+)$/.exec(page.url())![1]);
      // Each run starts with the course out of the favourites (PUT and DELETE are idempotent).
      await page.request.delete(`/api/favourites/${courseId}`, { headers: { origin: new URL(page.url()).origin } });
      await page.reload();

      await expect(page.getByRole('heading', { level: 1, name: photography })).toBeVisible();
      await expect(page.getByText(text.ratingOf)).toBeVisible();
      await expect(page.getByRole('button', { name: text.addToCart })).toBeVisible();
      // The intro, as MP4 or (once the demo videos are transcoded) as HLS.
      await expect
        .poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentSrc || element.src))
        .toMatch(new RegExp(`/api/videos/courses/${courseId}/intro(/hls/master\\.m3u8)?$|^blob:`));
      await expect(page.getByRole('heading', { level: 2, name: text.reviews })).toBeVisible();
      await expectAccessible(page);

      const heart = page.getByRole('button', { name: text.favourite(photography) });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');

      await page.goto('/favourites');
      await expect(page.getByRole('tab', { name: text.favourites })).toHaveAttribute('aria-selected', 'true');
      const card = page.getByRole('main').getByRole('link', { name: photography, exact: true });
      await expect(card).toHaveAttribute('href', `/course/${courseId}`);
      await expectAccessible(page);
    });

    test('an unknown course is the not-found page, with status 404', async ({ page }) => {
      const response = await page.goto('/course/999999');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: text.notFound })).toBeVisible();
    });
  });
}

test('a visitor who clicks a heart is sent to /register, to come back to the listing', async ({ page }) => {
  await page.goto('/allcourses');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: /^Favorito: / }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fallcourses$/);
});
