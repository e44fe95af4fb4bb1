import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { splitLine } from '../src/server/features/payouts';
import { formatMoney } from '../src/shared/money';
import { pdfText } from '../test/helpers/pdf-text';
import { clientAddress, demo, expect, signInThroughApi, test } from './fixtures';

/**
 * Teachers get paid, end to end in the browser with the built-in test provider: the demo teacher
 * connects a payout account, a second teacher does not; two buyers each buy one course of each
 * teacher in one cart; the hold passes (the transfer job's development clock); the onboarded
 * teacher's shares are transferred and the other's wait; the admin refunds one line after its
 * transfer, which reverses it. Every figure on the screens, the invoice and the credit note is
 * computed here from the courses' prices and the fee rate, to the cent.
 *
 * Other specs share the server and its data (the demo teacher's other sales, other refunds), so
 * balances and totals are checked as differences from what they were just before the purchases.
 */

const carlos = { email: 'carlos@demo.test', password: 'Student123' } as const;
const feeBasisPoints = Number(process.env.PLATFORM_FEE_PERCENT ?? 20) * 100;
const DAY_MS = 86_400_000;

type Course = { id: number; title: string; priceCents: number };
type Balances = { pendingCents: number; availableCents: number; paidCents: number };
type Earnings = { account: { state: string }; holdDays: number; balances: Balances };
type Totals = { grossCents: number; feesCents: number; refundsCents: number; transferredCents: number; pendingCents: number; availableCents: number };
type Order = { id: string; status: string; amountTotal: number; items: { courseId: number }[]; invoiceNumber: string | null; creditNotes: { number: string }[] };

const money = (cents: number) => formatMoney(cents, 'es', 'usd');
const share = (course: Course) => splitLine(course.priceCents, feeBasisPoints).teacherShareCents;
const fee = (course: Course) => splitLine(course.priceCents, feeBasisPoints).feeCents;

const originOf = (page: Page) => new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Signs the page's context out of whoever it was and in as `account`. */
async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.context().clearCookies();
  await signInThroughApi(page, account.email, account.password);
}

/** The value of a figure (a `<dt>` label and the `<dd>` after it) inside `scope`. */
const figure = (scope: Locator, label: string) => scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** The transfer job's development clock: one run as of `at`. */
async function runPayoutsAt(page: Page, at: Date) {
  const response = await page.request.post('/api/dev/payouts/run', { data: { at: at.toISOString() }, headers: { origin: originOf(page) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { released: number; transfers: { orderId: string; teacherId: string; amountCents: number; status: string }[] };
}

/** A teacher's paid, enabled courses, as the teacher's own list gives them. */
async function coursesOf(page: Page): Promise<Course[]> {
  const { items } = await json<{ items: (Course & { disabledAt: string | null })[] }>(page.request, '/api/courses/mine');
  return items.filter((course) => course.priceCents > 0 && course.disabledAt === null).map(({ id, title, priceCents }) => ({ id, title, priceCents }));
}

/** In the browser: each course's "add to cart" on its page, then the cart, the test checkout and the test card. */
async function buyInOneCart(page: Page, courses: Course[]) {
  for (const [index, course] of courses.entries()) {
    await page.goto(`/course/${course.id}`);
    await page.getByRole('button', { name: `Agregar al carrito: ${course.title}` }).click();
    await expect(page.getByRole('link', { name: index === 0 ? '1 curso en el carrito' : `${index + 1} cursos en el carrito` })).toBeVisible();
  }
  await page.goto('/shop');
  const total = courses.reduce((sum, course) => sum + course.priceCents, 0);
  await expect(page.getByTestId('cart-total')).toContainText(money(total));
  await page.getByRole('link', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(page.getByText(money(total)).first()).toBeVisible();
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Vencimiento (MM/AA)').fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(page).toHaveURL(/\/formpage\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: '¡Tu compra fue exitosa!' })).toBeVisible();
  const { items } = await json<{ items: Order[] }>(page.request, '/api/orders');
  const order = items.find((candidate) => candidate.status === 'paid' && courses.every((course) => candidate.items.some((item) => item.courseId === course.id)));
  expect(order, 'the paid order of these courses').toBeDefined();
  expect(order!.amountTotal).toBe(total);
  return order!;
}

/** The PDF behind a link of the purchases page, downloaded with the buyer's session, as text. */
async function pdfBehind(page: Page, link: Locator): Promise<string> {
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  return pdfText(await response.body()).join('\n');
}

test('a teacher is paid after the hold, a refund after the transfer is reversed, and every figure agrees to the cent', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders(clientAddress());

  // --- The second teacher: never onboards. Their courses, and what their balance was.
  await signInAs(page, carlos);
  const carlosCourses = await coursesOf(page);
  const carlosAccount = await json<Earnings>(page.request, '/api/payouts/earnings');
  expect(carlosAccount.account.state).toBe('none');

  // --- The demo teacher connects a payout account from /coursescreated.
  await signInAs(page, demo.teacher);
  const lauraCourses = await coursesOf(page);
  if ((await json<Earnings>(page.request, '/api/payouts/earnings')).account.state !== 'enabled') {
    await page.goto('/coursescreated');
    const card = page.getByRole('region', { name: 'Tu cuenta de cobro' });
    // The first teacher's page of a fresh server is the slowest to come (a cold process and database).
    await expect(card.getByText('Sin conectar')).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Cobrar mis ventas' }).click();
    // The test provider's hosted onboarding page, as Stripe's would be.
    await expect(page).toHaveURL(/\/test-onboarding\//);
    await expect(page.getByText('MODO DE PRUEBA')).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar' }).click();
    await expect(page).toHaveURL(/\/coursescreated\/earnings\?onboarding=done$/);
  } else {
    await page.goto('/coursescreated/earnings');
  }
  await expect(page.getByRole('region', { name: 'Tu cuenta de cobro' }).getByText('Cobros activados')).toBeVisible();
  const { holdDays } = await json<Earnings>(page.request, '/api/payouts/earnings');

  // Shares sold before this test (other specs, the demo data) pass their hold and are paid now, so
  // that what follows moves only this test's money.
  const afterHold = () => new Date(Date.now() + (holdDays + 1) * DAY_MS);
  await runPayoutsAt(page, afterHold());
  const lauraBefore = (await json<Earnings>(page.request, '/api/payouts/earnings')).balances;
  await signInAs(page, carlos);
  const carlosBefore = (await json<Earnings>(page.request, '/api/payouts/earnings')).balances;
  await signInAs(page, demo.admin);
  const totalsBefore = (await json<{ totals: Totals }>(page.request, '/api/admin/payouts')).totals;

  // --- Two buyers, each with one course of each teacher in one cart: courses the demo buyer neither owns nor keeps in the cart.
  await signInAs(page, demo.buyer);
  // The demo buyer's cart is put back as it was at the end (other specs start from it).
  const cartBefore = (await json<{ items: { courseId: number }[] }>(page.request, '/api/cart')).items.map((item) => item.courseId);
  const owned = new Set((await json<{ items: { id: number }[] }>(page.request, '/api/enrollments')).items.map((course) => course.id));
  const buyable = (courses: Course[]) => courses.filter((course) => !owned.has(course.id) && !cartBefore.includes(course.id));
  const lauraFirst = buyable(lauraCourses).at(-1);
  // Another price, so that each transfer is told apart by its amount.
  const lauraSecond = buyable(lauraCourses).find((course) => lauraFirst && share(course) !== share(lauraFirst));
  const [carlosFirst, carlosSecond] = buyable(carlosCourses).slice(-2);
  expect([lauraFirst, lauraSecond, carlosFirst, carlosSecond].every(Boolean), 'two courses of each teacher the demo buyer does not own').toBe(true);
  const firstCart = [lauraFirst!, carlosFirst!];
  const secondCart = [lauraSecond!, carlosSecond!];
  for (const courseId of cartBefore) expect((await page.request.delete(`/api/cart/${courseId}`, { headers: { origin: originOf(page) } })).status()).toBe(200);
  await page.goto('/');
  const firstOrder = await buyInOneCart(page, firstCart);
  for (const courseId of cartBefore) await page.request.post('/api/cart', { data: { courseId }, headers: { origin: originOf(page) } });

  await page.context().clearCookies();
  await page.goto('/');
  const secondBuyer = `payouts-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email: secondBuyer, password: 'Passw0rd12', name: 'Marta Compradora' }, headers: { origin: originOf(page) } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const secondOrder = await buyInOneCart(page, secondCart);

  // --- The hold passes: the onboarded teacher's shares are transferred, one per order; the other's wait.
  const run = await runPayoutsAt(page, afterHold());
  expect(run.released).toBe(4);
  expect(run.transfers.map(({ orderId, amountCents, status }) => ({ orderId, amountCents, status })).sort((a, b) => a.amountCents - b.amountCents)).toEqual(
    [
      { orderId: firstOrder.id, amountCents: share(lauraFirst!), status: 'sent' },
      { orderId: secondOrder.id, amountCents: share(lauraSecond!), status: 'sent' },
    ].sort((a, b) => a.amountCents - b.amountCents),
  );

  // --- The admin refunds one line of the first order, after its transfer: its share is reversed.
  await signInAs(page, demo.admin);
  await page.goto('/admin/ordenes');
  const refundLine = page.getByRole('button', { name: `Reembolsar «${lauraFirst!.title}»` });
  const orderRow = page.getByRole('row').filter({ hasText: demo.buyer.email }).filter({ has: refundLine });
  await expect(orderRow).toHaveCount(1);
  await refundLine.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, reembolsar' }).click();
  await expect(page.getByText('¡Curso reembolsado!')).toBeVisible();
  const refundedRow = page.getByRole('row').filter({ hasText: demo.buyer.email }).filter({ hasText: carlosFirst!.title }).filter({ hasText: lauraFirst!.title }).first();
  await expect(refundedRow.getByText('Reembolsado', { exact: true })).toBeVisible();
  await expect(refundedRow.getByRole('button', { name: `Reembolsar «${carlosFirst!.title}»` })).toBeVisible();

  // --- The admin's totals: what these two orders and the refund added, to the cent.
  const sold = [...firstCart, ...secondCart];
  const expectedTotals = {
    gross: totalsBefore.grossCents + sold.reduce((sum, course) => sum + course.priceCents, 0),
    fees: totalsBefore.feesCents + sold.reduce((sum, course) => sum + fee(course), 0) - fee(lauraFirst!),
    refunds: totalsBefore.refundsCents + lauraFirst!.priceCents,
    transferred: totalsBefore.transferredCents + share(lauraSecond!),
    pending: totalsBefore.pendingCents,
    available: totalsBefore.availableCents + share(carlosFirst!) + share(carlosSecond!),
  };
  await page.goto('/admin/pagos');
  const totals = page.getByRole('region', { name: 'Totales' });
  await expect(figure(totals, 'Ventas brutas')).toHaveText(money(expectedTotals.gross));
  await expect(figure(totals, 'Comisiones de la plataforma')).toHaveText(money(expectedTotals.fees));
  await expect(figure(totals, 'Reembolsos')).toHaveText(money(expectedTotals.refunds));
  await expect(figure(totals, 'Transferido')).toHaveText(money(expectedTotals.transferred));
  await expect(figure(totals, 'Pendiente')).toHaveText(money(expectedTotals.pending));
  await expect(figure(totals, 'Disponible')).toHaveText(money(expectedTotals.available));
  // Every teacher's balance: the demo teacher paid, the second teacher's shares waiting.
  const teachers = page.getByRole('region', { name: 'Profesores' });
  const lauraRow = teachers.getByRole('row').filter({ hasText: demo.teacher.email });
  await expect(lauraRow).toContainText('Cobros activados');
  await expect(lauraRow.getByRole('cell').nth(5)).toHaveText(money(lauraBefore.paidCents + share(lauraSecond!)));
  const carlosRow = teachers.getByRole('row').filter({ hasText: carlos.email });
  await expect(carlosRow).toContainText('Sin conectar');
  await expect(carlosRow.getByRole('cell').nth(4)).toHaveText(money(carlosBefore.availableCents + share(carlosFirst!) + share(carlosSecond!)));
  await expect(page.getByText('No hay transferencias fallidas.')).toBeVisible();

  // --- The onboarded teacher's earnings: balances, the refunded sale, the transfer and its reversal.
  await signInAs(page, demo.teacher);
  await page.goto('/coursescreated/earnings');
  const balances = page.getByRole('region', { name: 'Saldo' });
  await expect(figure(balances, 'Pendiente')).toHaveText(money(lauraBefore.pendingCents));
  await expect(figure(balances, 'Disponible')).toHaveText(money(lauraBefore.availableCents));
  await expect(figure(balances, 'Pagado')).toHaveText(money(lauraBefore.paidCents + share(lauraSecond!)));
  // The newest sales first: the second buyer's, then the refunded line of the first.
  const salesRows = page.getByRole('table', { name: /Tus ventas/ }).locator('tbody tr');
  await expect(salesRows.nth(0)).toContainText(lauraSecond!.title);
  await expect(salesRows.nth(0)).toContainText(money(lauraSecond!.priceCents));
  await expect(salesRows.nth(0)).toContainText(money(fee(lauraSecond!)));
  await expect(salesRows.nth(0)).toContainText(money(share(lauraSecond!)));
  await expect(salesRows.nth(0)).toContainText('Transferida');
  await expect(salesRows.nth(1)).toContainText(lauraFirst!.title);
  await expect(salesRows.nth(1)).toContainText(money(share(lauraFirst!)));
  await expect(salesRows.nth(1)).toContainText('Reembolsada');
  // The newest transfers first: this test's two, each with what was reversed of it.
  const transferRows = page.getByRole('table', { name: /Lo que te transferimos/ }).locator('tbody tr');
  await expect(transferRows.nth(1)).toContainText('Enviada');
  const transferFigures = async (row: Locator) => [await row.getByRole('cell').nth(1).innerText(), await row.getByRole('cell').nth(2).innerText()].join(' / ');
  expect([await transferFigures(transferRows.nth(0)), await transferFigures(transferRows.nth(1))].sort()).toEqual(
    [`${money(share(lauraFirst!))} / ${money(share(lauraFirst!))}`, `${money(share(lauraSecond!))} / ${money(0)}`].sort(),
  );
  await expect(transferRows.nth(0)).toContainText('Enviada');

  // On a phone: the same page without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(figure(page.getByRole('region', { name: 'Saldo' }), 'Pagado')).toHaveText(money(lauraBefore.paidCents + share(lauraSecond!)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  // --- The teacher who did not onboard: the shares wait, available, and nothing was paid.
  await signInAs(page, carlos);
  await page.goto('/coursescreated/earnings');
  await expect(page.getByRole('region', { name: 'Tu cuenta de cobro' }).getByText('Sin conectar')).toBeVisible();
  const carlosBalances = page.getByRole('region', { name: 'Saldo' });
  await expect(figure(carlosBalances, 'Pendiente')).toHaveText(money(carlosBefore.pendingCents));
  await expect(figure(carlosBalances, 'Disponible')).toHaveText(money(carlosBefore.availableCents + share(carlosFirst!) + share(carlosSecond!)));
  await expect(figure(carlosBalances, 'Pagado')).toHaveText(money(carlosBefore.paidCents));
  const carlosSales = page.getByRole('table', { name: /Tus ventas/ }).locator('tbody tr');
  await expect(carlosSales.nth(0)).toContainText(carlosSecond!.title);
  await expect(carlosSales.nth(0)).toContainText('Disponible');
  await expect(carlosSales.nth(1)).toContainText(carlosFirst!.title);
  await expect(carlosSales.nth(1)).toContainText('Disponible');

  // --- The first buyer's purchases: the invoice of the whole order and the credit note of the refunded line.
  await signInAs(page, demo.buyer);
  const [first] = (await json<{ items: Order[] }>(page.request, '/api/orders')).items.filter((order) => order.id === firstOrder.id);
  expect(first!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
  expect(first!.creditNotes).toHaveLength(1);
  const creditNoteNumber = first!.creditNotes[0]!.number;
  await page.goto('/mycourses');
  const purchases = page.getByRole('region', { name: 'Mis compras' });
  const invoiceLink = purchases.getByRole('link', { name: `Factura ${first!.invoiceNumber}` });
  const creditNoteLink = purchases.getByRole('link', { name: `Nota de crédito ${creditNoteNumber}` });
  await expect(invoiceLink).toBeVisible();
  await expect(creditNoteLink).toBeVisible();

  const invoice = await pdfBehind(page, invoiceLink);
  expect(invoice).toContain(first!.invoiceNumber!);
  for (const course of firstCart) {
    expect(invoice).toContain(course.title);
    expect(invoice).toContain(money(course.priceCents));
  }
  expect(invoice).toContain(money(lauraFirst!.priceCents + carlosFirst!.priceCents));
  const creditNote = await pdfBehind(page, creditNoteLink);
  expect(creditNote).toContain(creditNoteNumber);
  // It names the invoice it corrects, and only the refunded line, for its price.
  expect(creditNote).toContain(first!.invoiceNumber!);
  expect(creditNote).toContain(lauraFirst!.title);
  expect(creditNote).not.toContain(carlosFirst!.title);
  expect(creditNote).toContain(money(-lauraFirst!.priceCents));

  // --- The second buyer's invoice, with no credit note.
  await page.context().clearCookies();
  await signInThroughApi(page, secondBuyer, 'Passw0rd12');
  const [second] = (await json<{ items: Order[] }>(page.request, '/api/orders')).items.filter((order) => order.id === secondOrder.id);
  expect(second!.creditNotes).toEqual([]);
  await page.goto('/mycourses');
  const secondInvoiceLink = page.getByRole('region', { name: 'Mis compras' }).getByRole('link', { name: `Factura ${second!.invoiceNumber}` });
  await expect(secondInvoiceLink).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mis compras' }).getByRole('link', { name: /Nota de crédito/ })).toHaveCount(0);
  const secondInvoice = await pdfBehind(page, secondInvoiceLink);
  expect(secondInvoice).toContain(second!.invoiceNumber!);
  expect(secondInvoice).toContain(money(lauraSecond!.priceCents + carlosSecond!.priceCents));
});
