import { request as requestFactory, type Page } from '@playwright/test';
import { clientAddress, demo, expect, test } from './fixtures';

/**
 * Every way into sign-in opens the sign-in form and comes back: the header's "Ingresar", a
 * visitor's "Agregar al carrito" (with a line naming the course, which is in the cart once signed
 * in), and a visit to a page that needs an account. A plain /register is still the spec's sign-up.
 * The form is typed here on purpose: it is what these tests are about.
 */
test.describe.configure({ mode: 'serial' });
// Sign-in is rate limited per client address: this spec counts as a client of its own.
test.use({ extraHTTPHeaders: clientAddress() });

type Course = { id: number; title: string; priceCents: number };

/** A paid course the demo buyer neither owns nor has in the cart (read as the buyer, through the API). */
async function courseToAdd(baseURL: string): Promise<Course> {
  const api = await requestFactory.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, ...clientAddress() } });
  try {
    expect((await api.post('/api/auth/sign-in/email', { data: demo.buyer })).status()).toBe(200);
    const cart = ((await (await api.get('/api/cart')).json()) as { items: { courseId: number }[] }).items.map((item) => item.courseId);
    const owned = ((await (await api.get('/api/enrollments')).json()) as { items: { id: number }[] }).items.map((item) => item.id);
    for (let listPage = 1; listPage <= 10; listPage++) {
      const { items } = (await (await api.get(`/api/courses?page=${listPage}`)).json()) as { items: Course[] };
      const found = items.find((course) => course.priceCents > 0 && !cart.includes(course.id) && !owned.includes(course.id));
      if (found) return found;
      if (items.length === 0) break;
    }
    throw new Error('no paid course left for the demo buyer to add');
  } finally {
    await api.dispose();
  }
}

async function signInOnTheForm(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(demo.buyer.email);
  await page.getByLabel(/^Contraseña/).fill(demo.buyer.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

test('the header’s "Ingresar" opens the sign-in form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/register\?mode=signin$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
});

test('a visitor’s "Agregar al carrito" opens sign-in naming the course, and the course is in the cart after signing in', async ({ page, baseURL }) => {
  const course = await courseToAdd(baseURL!);
  await page.goto(`/course/${course.id}`);
  await page.getByRole('main').getByRole('button', { name: /^Agregar al carrito/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/register\\?mode=signin&next=%2Fcourse%2F${course.id}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Ingresa para agregar' })).toHaveText(`Ingresa para agregar «${course.title}» a tu carrito.`);

  await signInOnTheForm(page);
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByText('¡Curso agregado!')).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get('/api/cart')).json()) as { items: { courseId: number }[] }).items.map((item) => item.courseId))
    .toContain(course.id);
  // Left as found: other specs count the buyer's cart.
  await page.request.delete(`/api/cart/${course.id}`, { headers: { origin: new URL(page.url()).origin } });
});

test('a visitor of /mycourses signs in and comes back to /mycourses', async ({ page }) => {
  await page.goto('/mycourses');
  await expect(page).toHaveURL(/\/register\?mode=signin&next=%2Fmycourses$/);
  await signInOnTheForm(page);
  await expect(page).toHaveURL(/\/mycourses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Cursos' })).toBeVisible();
});

test('a plain /register is still the sign-up form', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 2, name: 'Crea tu cuenta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registrarse' })).toBeVisible();
});
