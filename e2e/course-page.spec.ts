import { expect } from '@playwright/test';
import { demo, signInThroughApi, test } from './fixtures';

/**
 * The course page on a phone (issue 31): the buy box on the first screen, the teacher's public
 * profile behind their name, and the button that says the course is in the cart.
 */
test.describe.configure({ mode: 'serial' });

test.use({ viewport: { width: 375, height: 667 }, locale: 'es-ES' });

/** A course the buyer neither owns nor has in the cart, with its teacher's profile. */
async function freshCourse(page: import('@playwright/test').Page): Promise<{ id: number; title: string; ownerId: string }> {
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: { courseId: number }[] };
  const owned = (await (await page.request.get('/api/enrollments')).json()) as { items: { id: number }[] };
  const taken = new Set([...cart.items.map((item) => item.courseId), ...owned.items.map((course) => course.id)]);
  for (let listing = 1; listing <= 5; listing++) {
    const list = (await (await page.request.get(`/api/courses?sort=price-desc&page=${listing}`)).json()) as { items: { id: number; priceCents: number }[] };
    const course = list.items.find((item) => item.priceCents > 0 && !taken.has(item.id));
    if (course) return (await (await page.request.get(`/api/courses/${course.id}`)).json()) as { id: number; title: string; ownerId: string };
  }
  throw new Error('no course left to add');
}

test('on a phone the title, price and "Agregar al carrito" are on the first screen; the teacher link opens their profile; added, the button reads "En el carrito" and goes to the cart', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
  const course = await freshCourse(page);

  await page.goto(`/course/${course.id}`);
  const title = page.getByRole('heading', { level: 1, name: course.title });
  const add = page.getByRole('button', { name: `Agregar al carrito: ${course.title}` });
  const price = page.getByText(/\$\d+\.\d{2} USD/).first();
  for (const element of [title, price, add]) {
    const box = await element.boundingBox();
    expect(box, 'visible').not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(667);
  }

  await add.click();
  const inCart = page.getByRole('link', { name: `En el carrito: ${course.title}` });
  await expect(inCart).toBeVisible();
  // The toast does not cover the title.
  const toast = page.getByText('¡Curso agregado!').first();
  if (await toast.isVisible()) {
    const [toastBox, titleBox] = [await toast.boundingBox(), await title.boundingBox()];
    expect(toastBox!.y >= titleBox!.y + titleBox!.height || toastBox!.y + toastBox!.height <= titleBox!.y).toBe(true);
  }

  await page.getByRole('link', { name: /^Profesor: / }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/${course.ownerId}$`));
  const profile = (await (await page.request.get(`/api/teachers/${course.ownerId}`)).json()) as { name: string; courses: { title: string }[] };
  await expect(page.getByRole('heading', { level: 1, name: profile.name })).toBeVisible();
  await expect(page.getByText('Estudiantes')).toBeVisible();
  await expect(page.getByRole('heading', { name: profile.courses[0]!.title }).first()).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: `En el carrito: ${course.title}` }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('the teacher profile shows the bio the teacher wrote on Mis Datos', async ({ page }) => {
  await page.goto('/');
  await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: string; name: string; image: string | null };
  const bio = `Enseño desde hace años. ${Date.now()}`;
  const saved = await page.request.patch('/api/users/me', { data: { name: me.name, image: me.image ?? '', bio }, headers: { origin: new URL(page.url()).origin } });
  expect(saved.status()).toBe(200);
  await page.goto(`/teacher/${me.id}`);
  await expect(page.getByText(bio)).toBeVisible();
});
