import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { findFfmpeg } from '../src/server/features/media';
import { testVideoSource } from '../test/helpers/video-sources';
import { axeFor, demo, expect, signInThroughApi, test } from './fixtures';

/**
 * `expectAccessible` of fixtures.ts, minus the account menu's avatar: its name-derived
 * colour ("initials") fails contrast for the demo teacher's name, a layout matter reported
 * separately. Everything this feature renders is checked.
 */
async function expectAccessible(page: Page) {
  const results = await axeFor(page).exclude('header .mantine-Avatar-root').analyze();
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
    // Before anything is typed the counter is a hint like the others, not an error; the inputs of each row line up.
    const counterColour = await page.getByText('0 / 200 caracteres').evaluate((element) => getComputedStyle(element).color);
    expect(counterColour).toBe(await page.getByText(/^0 = gratis/).evaluate((element) => getComputedStyle(element).color));
    const top = async (role: 'combobox' | 'textbox', name: string) => (await page.getByRole(role, { name, exact: true }).boundingBox())!.y;
    expect(await top('combobox', 'Subcategoría')).toBe(await top('combobox', 'Categoría'));
    expect(await top('combobox', 'Nivel')).toBe(await top('combobox', 'Idioma'));
    expect(await top('textbox', 'Precio (US$)')).toBe(await top('textbox', 'Horas'));

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
    // The length is computed from the lessons: shown, never typed.
    await expect(page.getByRole('textbox', { name: 'Horas' })).not.toBeEditable();
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

  test('a new course\'s videos show their processing, then play as HLS: the intro on the course page, the main video in the player', async ({ page }) => {
    test.setTimeout(240_000);
    // A 720p main video long enough for its processing to be seen (about ten seconds of work).
    const ffmpeg = await findFfmpeg();
    expect(ffmpeg, 'ffmpeg (npm install brings one)').toBeTruthy();
    const main = test.info().outputPath('main-720p.mp4');
    await mkdir(path.dirname(main), { recursive: true });
    // An intro that looks filmed (colour bars would give no cover): its poster becomes the course's cover.
    const introFile = test.info().outputPath('intro-natural.mp4');
    await promisify(execFile)(ffmpeg!, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', testVideoSource('natural', { width: 320, height: 180, fps: 12, seconds: 5 }),
      '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050:duration=5',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-movflags', '+faststart', introFile,
    ]);
    await promisify(execFile)(ffmpeg!, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24:duration=24',
      '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100:duration=24',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', main,
    ]);

    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    await page.goto('/form');
    const title = `Curso en HLS ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Título' }).fill(title);
    await choose(page, 'Categoría', 'Programación');
    await choose(page, 'Subcategoría', 'Python');
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Un curso cuyo video se ve en streaming adaptativo.');
    await choose(page, 'Idioma', 'Español');
    await choose(page, 'Nivel', 'Fácil');
    await page.getByRole('textbox', { name: 'Precio (US$)' }).fill('0');
    await page.getByRole('textbox', { name: 'Nombre del profesor' }).fill('Laura Martínez');
    // The intro first: the one that finishes uploading first becomes the intro.
    await page.locator('input[type="file"]').setInputFiles(introFile);
    const list = page.getByRole('list', { name: 'Videos subidos' });
    await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
    await page.locator('input[type="file"]').setInputFiles(main);
    await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Crear curso' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

    // The teacher sees each video's processing turn into "listo".
    await page.goto('/coursescreated');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(/^Video principal: (en cola|procesando \d+ %)$/)).toBeVisible();
    await expect(row.getByText('Video principal: listo')).toBeVisible({ timeout: 120_000 });
    await expect(row.getByText('Introducción: listo')).toBeVisible();
    // Without a cover, the course shows its intro's poster, as soon as processing ends: no reload.
    await expect(row.getByRole('img', { name: `Portada de ${title}` })).toHaveAttribute('src', /\/api\/videos\/courses\/\d+\/poster\.jpg\?v=\w+$/);
    await expect.poll(() => row.getByRole('img', { name: `Portada de ${title}` }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(320);
    const courseId = Number((await row.getByRole('link', { name: `Portada de ${title}` }).getAttribute('href'))!.split('/').pop());

    // The public intro plays as HLS.
    const introSegment = page.waitForResponse((response) => /\/api\/videos\/courses\/\d+\/intro\/hls\/.+\.ts$/.test(response.url()) && [200, 206].includes(response.status()));
    await page.goto(`/course/${courseId}`);
    const intro = page.locator('video[data-playback]');
    await expect(intro).toHaveAttribute('data-playback', /^(hls\.js|native)$/);
    await expect(intro).toHaveAttribute('poster', `/api/videos/courses/${courseId}/poster.jpg`);
    await intro.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await introSegment;

    // A student who enrols watches the main video as HLS through its signed links.
    await page.request.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin }, data: {} });
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    const enrolled = await page.request.post(`/api/courses/${courseId}/enroll`, { headers: { origin: new URL(page.url()).origin }, data: {} });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    const mainSegment = page.waitForResponse((response) => /\/api\/videos\/hls\/[\w.-]+\/\d+p\/seg-\d+\.ts$/.test(response.url()) && [200, 206].includes(response.status()));
    // The starter curriculum's second lesson is the main video, named after the course.
    const progress = (await (await page.request.get(`/api/progress/${courseId}`)).json()) as { curriculum: { sections: { lessons: { id: number }[] }[] } };
    await page.goto(`/mycourses/${courseId}?leccion=${progress.curriculum.sections[0]!.lessons[1]!.id}`);
    const player = page.getByLabel(new RegExp(title));
    await expect(player).toHaveAttribute('data-playback', /^(hls\.js|native)$/);
    await expect(player).toHaveAttribute('poster', /\/api\/videos\/hls\/[\w.-]+\/poster\.jpg$/);
    await mainSegment;
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
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

  test('the demo teacher sees a summary above one paged list of their courses, and a course’s sales and ratings on demand', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    const sales = (await (await page.request.get('/api/teaching/sales')).json()) as { totals: { revenueCents: number; sales: number; students: number }; courses: { title: string }[] };
    expect(sales.totals.sales, 'the demo teacher has paid sales').toBeGreaterThan(0);
    const mine = (await (await page.request.get('/api/courses/mine')).json()) as { items: { id: number; title: string }[] };

    await page.goto('/coursescreated');
    const summary = page.getByRole('region', { name: 'Resumen' });
    await expect(summary.getByRole('term')).toHaveText(['Cursos', 'Estudiantes', 'Ingresos netos', 'Ventas', 'Calificación media']);
    await expect(summary.locator('dt:text-is("Cursos") + dd')).toHaveText(String(mine.items.length));
    await expect(summary.locator('dt:text-is("Ventas") + dd')).toHaveText(String(sales.totals.sales));
    // The chart's bars load on their own; its table carries the figures for screen readers.
    const chart = summary.getByRole('figure', { name: 'Ingresos por día (últimos 30 días)' });
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeAttached();
    // One list of the courses, ten to a page, below the summary; no second table of the same courses.
    const list = page.getByRole('table', { name: 'Cursos creados' });
    await expect(list.locator('tbody tr')).toHaveCount(Math.min(10, mine.items.length));
    await expect(page.getByRole('table', { name: 'Ventas por curso' })).toHaveCount(0);
    expect((await summary.boundingBox())!.y).toBeLessThan((await list.boundingBox())!.y);
    await expectAccessible(page);

    // A search by title narrows the list; a course's detail opens on demand.
    const first = mine.items[0]!;
    await page.getByRole('searchbox', { name: 'Buscar por título' }).fill(first.title);
    await expect(list.locator('tbody tr').filter({ hasText: first.title })).toHaveCount(1);
    await list.getByRole('button', { name: `Detalles de ${first.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `${first.title}: ventas y calificaciones` });
    await expect(dialog.getByRole('list', { name: `Calificaciones de ${first.title}` }).getByRole('listitem')).toHaveCount(5);
    await expectAccessible(page);
  });
});
