import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney } from '../src/shared/money';
import { clientAddress, demo, expect, expectAccessible, signInThroughApi, test } from './fixtures';

type CartItem = { courseId: number; title: string; priceCents: number };

const futureExpiry = () => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function cartItems(request: APIRequestContext): Promise<CartItem[]> {
  const response = await request.get('/api/cart');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: CartItem[] }).items;
}

/**
 * The demo buyer starts with two paid courses in the cart. When an earlier run bought them,
 * more paid courses the buyer does not own are added from the catalogue.
 */
async function ensureCart(page: Page, count: number): Promise<CartItem[]> {
  let items = await cartItems(page.request);
  if (items.length >= count) return items.slice(0, count);
  const origin = new URL(page.url()).origin;
  for (let listPage = 1; items.length < count && listPage <= 10; listPage++) {
    const list = await page.request.get(`/api/courses?page=${listPage}`);
    if (list.status() !== 200) break;
    const courses = ((await list.json()) as { items: { id: number; priceCents: number }[] }).items;
    if (courses.length === 0) break;
    for (const course of courses.filter((candidate) => candidate.priceCents > 0)) {
      const added = await page.request.post('/api/cart', { data: { courseId: course.id }, headers: { origin } });
      if (added.status() === 201) items = await cartItems(page.request);
      if (items.length >= count) break;
    }
  }
  expect(items.length, 'paid courses to buy').toBeGreaterThanOrEqual(count);
  return items.slice(0, count);
}

/** From /shop: "Pagar" → /formpage → the test provider's hosted page. */
async function goToHostedCheckout(page: Page) {
  await page.getByRole('link', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(page.getByText('MODO DE PRUEBA')).toBeVisible();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Número de tarjeta').fill(number);
  await page.getByLabel('Vencimiento (MM/AA)').fill(futureExpiry());
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
}

test.describe('buying courses', () => {
  test('a declined card lands on the failed page with the cart intact', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    const items = await ensureCart(page, 1);

    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu carrito' })).toBeVisible();
    await expect(page.getByRole('link', { name: items[0]!.title })).toBeVisible();
    await expectAccessible(page);

    await goToHostedCheckout(page);
    await expectAccessible(page);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Tu tarjeta fue rechazada. Prueba con otra tarjeta.');
    await page.getByRole('link', { name: 'Cancelar y volver al carrito' }).click();

    await expect(page).toHaveURL(/\/formpage\/failed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'No pudimos procesar tu pago :(' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Volver al carrito' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    for (const item of await cartItems(page.request)) await expect(page.getByRole('link', { name: item.title })).toBeVisible();
    expect((await cartItems(page.request)).map((item) => item.courseId)).toEqual(expect.arrayContaining(items.map((item) => item.courseId)));
  });

  test('buys two courses with the test card, sees the success page, watches the player and leaves a review', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    const bought = await ensureCart(page, 2);
    // Exactly these two in the cart.
    for (const extra of (await cartItems(page.request)).filter((item) => !bought.some((kept) => kept.courseId === item.courseId))) {
      await page.request.delete(`/api/cart/${extra.courseId}`, { headers: { origin: new URL(page.url()).origin } });
    }

    await page.goto('/shop');
    const total = formatMoney(bought[0]!.priceCents + bought[1]!.priceCents, 'es');
    await expect(page.getByTestId('cart-total')).toContainText(total);
    await goToHostedCheckout(page);
    await expect(page.getByText(total).first()).toBeVisible();
    await payWith(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/formpage\/success\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { level: 1, name: '¡Tu compra fue exitosa!' })).toBeVisible();
    for (const course of bought) await expect(page.getByText(course.title)).toBeVisible();
    await expect(page.getByText('Comienza a disfrutar')).toBeVisible();
    await expectAccessible(page);
    expect(await cartItems(page.request)).toEqual([]);

    await page.getByRole('link', { name: 'Ir a mis cursos' }).click();
    await expect(page).toHaveURL(/\/mycourses$/);
    for (const course of bought) await expect(page.getByRole('link', { name: course.title, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mis compras' }).getByText('Pagado').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: bought[0]!.title, exact: true }).click();
    // A course not started opens at its first lesson, whose address the player keeps (a reload resumes it).
    await expect(page).toHaveURL(new RegExp(`/mycourses/${bought[0]!.courseId}\\?leccion=\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: bought[0]!.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Acerca de este curso' })).toBeVisible();

    // The first lesson, the intro, plays from its signed URL (served by the media feature): the MP4,
    // or its HLS copy once the demo videos are transcoded (natively, or through hls.js from a blob).
    const video = page.getByLabel(/^Video del curso (Introducción|Introduction)$/);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc || element.src)).toMatch(/\/api\/videos\/(stream|hls)\/|^blob:/);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);

    const form = page.getByRole('form', { name: '¡Deja tu reseña!' });
    const submit = form.getByRole('button', { name: 'Comentar' });
    await expect(submit).toBeDisabled();
    const fifthStar = form.getByRole('radio', { name: '5 estrellas' });
    await form.locator(`label[for="${await fifthStar.getAttribute('id')}"]`).click();
    const comment = `Excelente curso, muy claro (${Date.now()})`;
    await form.getByLabel('Comentario').fill(comment);
    await expect(submit).toBeEnabled();
    await submit.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('¡Excelente!')).toBeVisible();
    await expect(dialog.getByText('Gracias por tu comentario')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByLabel('Comentario')).toHaveValue('');
    await expect(fifthStar).not.toBeChecked();
    // The course's reviews (the catalogue's list) show the new one.
    await expect(page.getByRole('region', { name: 'Reseñas del curso' }).getByText(comment)).toBeVisible();
    await expectAccessible(page);
  });

  test('a course not bought sends the player to the course page', async ({ page }) => {
    await page.goto('/');
    const email = `e2e-${Date.now()}@example.com`;
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: 'Passw0rd12', name: email },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(signUp.status()).toBe(200);
    // A new user owns nothing; the first demo course exists.
    await page.goto('/mycourses/1');
    await expect(page).toHaveURL(/\/course\/1$/);
  });
});

test.describe('a visitor who needs an account first', () => {
  const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

  /** A paid course of the demo catalogue: its id and title. */
  async function paidCourse(request: APIRequestContext) {
    const list = await request.get('/api/courses?sort=price-desc');
    expect(list.status()).toBe(200);
    const course = ((await list.json()) as { items: { id: number; title: string; priceCents: number }[] }).items.find((item) => item.priceCents > 0);
    expect(course, 'a paid course').toBeDefined();
    return course!;
  }

  test.beforeEach(async ({ page }) => {
    // Sign-ups are limited per client address: each test is its own client.
    await page.setExtraHTTPHeaders(clientAddress());
  });

  test('"add to cart" → the sign-in form → sign up → back on the course page with the course in the cart', async ({ page }) => {
    const course = await paidCourse(page.request);
    await page.goto(`/course/${course.id}`);
    await page.getByRole('button', { name: `Agregar al carrito: ${course.title}` }).click();
    // The sign-in form opens, naming what will be done; a newcomer switches to signing up.
    await expect(page).toHaveURL(new RegExp(`/register\\?mode=signin&next=%2Fcourse%2F${course.id}$`));
    await expect(page.getByText(`Ingresa para agregar «${course.title}» a tu carrito.`)).toBeVisible();
    await page.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }).click();

    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(uniqueEmail('carrito'));
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('Passw0rd12');
    await page.getByRole('button', { name: 'Registrarse' }).click();

    await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
    await expect(page.getByText('¡Curso agregado!')).toBeVisible();
    await expect(page.getByRole('link', { name: '1 curso en el carrito' })).toBeVisible();
    expect((await cartItems(page.request)).map((item) => item.courseId)).toEqual([course.id]);
  });

  test('the favourite heart → Google sign-in → back on the course page with the course marked', async ({ page }) => {
    const course = await paidCourse(page.request);
    await page.goto(`/course/${course.id}`);
    await page.getByRole('link', { name: `Favorito: ${course.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?mode=signin&next=%2Fcourse%2F${course.id}$`));
    await page.getByRole('button', { name: 'Continuar con Google' }).click();

    // The local OpenID Connect provider's account chooser, as Google's would be.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
    await page.getByLabel('Email').fill(uniqueEmail('favorito'));
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(new RegExp(`localhost:\\d+/course/${course.id}$`));
    await expect(page.getByText('¡Agregado a tus favoritos!')).toBeVisible();
    await expect(page.getByRole('button', { name: `Favorito: ${course.title}`, pressed: true })).toBeVisible();
    const favourites = (await (await page.request.get('/api/favourites')).json()) as { items: { id: number }[] };
    expect(favourites.items.map((item) => item.id)).toEqual([course.id]);
  });
});
