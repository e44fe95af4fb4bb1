import path from 'node:path';
import type { Page } from '@playwright/test';
import { demo, expect, signInThroughApi, test } from './fixtures';

const fixture = (name: string) => path.resolve('test/fixtures', name);

/** A 4×4 opaque red PNG: small, and a real picture the browser decodes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==', 'base64');

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const course = { id: 0, title: `Curso con imágenes ${Date.now()}` };
const lesson = 'Lectura con diagrama';

test.describe.serial('a text lesson’s images come from the app itself', () => {
  test('the teacher inserts an uploaded image in a free-preview text lesson; an image from another host is left as text', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);

    await page.goto('/form');
    await page.getByRole('textbox', { name: 'Título' }).fill(course.title);
    await choose(page, 'Categoría', 'Programación');
    await choose(page, 'Subcategoría', 'Python');
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Un curso cuyas lecturas muestran imágenes propias.');
    await choose(page, 'Idioma', 'Español');
    await choose(page, 'Nivel', 'Fácil');
    await page.getByRole('textbox', { name: 'Precio (US$)' }).fill('9.99');
    await page.getByRole('textbox', { name: 'Nombre del profesor' }).fill('Laura Martínez');
    await page.locator('input[type="file"]').setInputFiles([fixture('landscape-5s.mp4'), fixture('portrait-4s.mp4')]);
    await expect(page.getByRole('list', { name: 'Videos subidos' }).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Crear curso' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const mine = (await (await page.request.get('/api/courses/mine')).json()) as { items: { id: number; title: string }[] };
    course.id = mine.items.find((item) => item.title === course.title)!.id;

    await page.goto(`/course/editcourse/${course.id}`);
    const section = page.getByRole('listitem', { name: 'Sección 1: Contenido del curso' });
    await section.getByRole('button', { name: 'Añadir lección a Contenido del curso' }).click();
    const form = section.getByRole('form', { name: 'Añadir lección a Contenido del curso' });
    await form.getByRole('textbox', { name: 'Título de la lección' }).fill(lesson);
    const body = form.getByRole('textbox', { name: 'Texto (Markdown)' });
    await body.fill('Un píxel de otro sitio: ![rastreador](https://tracker.example/p.gif)\n\nEl diagrama:');
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Insertar imagen' }).click();
    await (await chooser).setFiles({ name: 'diagrama.png', mimeType: 'image/png', buffer: PNG });
    await expect(body).toHaveValue(/!\[diagrama\]\(\/api\/lesson-images\/[0-9a-f-]{36}\)/);
    await form.getByRole('button', { name: 'Añadir lección' }).click();
    await expect(section.getByRole('listitem', { name: lesson })).toBeVisible();
    await section.getByRole('switch', { name: `Vista previa gratuita: ${lesson}` }).click();
    await expect(section.getByRole('switch', { name: `Vista previa gratuita: ${lesson}` })).toBeChecked();
  });

  test.describe('signed out', () => {
    test.use({ locale: 'en-US' });

    test('a visitor’s preview shows the uploaded image and asks no other host for anything', async ({ page }) => {
      const hosts = new Set<string>();
      page.on('request', (request) => hosts.add(new URL(request.url()).host));
      await page.goto(`/course/${course.id}`);
      const curriculum = page.getByRole('region', { name: 'Course content' });
      await curriculum.getByRole('button', { name: `Preview: ${lesson}` }).click();
      const dialog = page.getByRole('dialog', { name: `Preview · ${lesson}` });
      const image = dialog.getByRole('img', { name: 'diagrama' });
      await expect(image).toBeVisible();
      // Decoded: the browser received the picture itself.
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(4);
      await expect(dialog.getByText('rastreador')).toBeVisible();
      expect(await dialog.locator('img').count()).toBe(1);
      expect([...hosts].filter((host) => host.includes('tracker.example'))).toEqual([]);
    });
  });
});
