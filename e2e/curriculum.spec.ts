import path from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import { demo, expect, expectAccessible, signInThroughApi, test } from './fixtures';

const fixture = (name: string) => path.resolve('test/fixtures', name);

/** A phone's screen: the course page, the player and the verification page in one column. */
const phone = { width: 390, height: 844 };

/** The smallest file a PDF reader opens: a catalogue, an empty page tree, its cross-reference table. */
function tinyPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The first bytes of a downloaded file. */
async function startOf(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, 5).toString('latin1');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page | Locator, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const root = 'page' in page ? page.page() : page;
  await root.getByRole('option', { name: option }).first().click();
}

/** What the three parts share: the course the teacher builds, the buyer's certificate. */
const course = { id: 0, title: `Curso con temario ${Date.now()}` };
const lessons = { intro: 'Introducción', text: 'Lectura del tema', pdf: 'Guía de ejercicios', video: 'Ejercicio resuelto' };
const pdfName = 'guia.pdf';
const certificate = { code: '', learnerName: '' };

test.describe.serial('a course of sections and lessons, from the teacher to the certificate', () => {
  test('the teacher (Spanish) builds two sections: the course videos, then a text (free preview), a PDF and a video', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);

    // A new course with its two uploaded videos, as a teacher creates one.
    await page.goto('/form');
    await page.getByRole('textbox', { name: 'Título' }).fill(course.title);
    await choose(page, 'Categoría', 'Programación');
    await choose(page, 'Subcategoría', 'Python');
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Un curso con secciones, lecturas y material descargable.');
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
    expect(course.id).toBeGreaterThan(0);

    await page.goto(`/course/editcourse/${course.id}`);
    await expect(page.getByRole('heading', { name: 'Temario' })).toBeVisible();
    const first = page.getByRole('listitem', { name: 'Sección 1: Contenido del curso' });
    await expect(first.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('textbox', { name: 'Nueva sección' }).fill('Práctica');
    await page.getByRole('button', { name: 'Añadir sección' }).click();
    const section = page.getByRole('listitem', { name: 'Sección 2: Práctica' });
    await expect(section).toBeVisible();
    const addLesson = async () => {
      await section.getByRole('button', { name: 'Añadir lección a Práctica' }).click();
      return section.getByRole('form', { name: 'Añadir lección a Práctica' });
    };

    // A text lesson in Markdown.
    let form = await addLesson();
    await form.getByRole('textbox', { name: 'Título de la lección' }).fill(lessons.text);
    await form.getByRole('textbox', { name: 'Texto (Markdown)' }).fill('# Antes de practicar\n\nRepasa **las listas** y los bucles.\n\n- Uno\n- Dos');
    await form.getByRole('button', { name: 'Añadir lección' }).click();
    await expect(section.getByRole('listitem', { name: lessons.text })).toBeVisible();

    // A PDF to download.
    form = await addLesson();
    await form.getByText('PDF', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Título de la lección' }).fill(lessons.pdf);
    await form.locator('input[type="file"]').setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: tinyPdf() });
    await form.getByRole('button', { name: 'Añadir lección' }).click();
    await expect(section.getByRole('listitem', { name: lessons.pdf })).toContainText(pdfName);

    // A video uploaded here and attached.
    form = await addLesson();
    await form.getByText('Video', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Título de la lección' }).fill(lessons.video);
    await form.locator('input[type="file"]').setInputFiles(fixture('landscape-5s.mp4'));
    await expect(form.getByRole('combobox', { name: 'Video subido' })).toBeEnabled({ timeout: 30_000 });
    await choose(page, 'Video subido', /^Video \d+ \(0:0[45]\)$/);
    await form.getByRole('button', { name: 'Añadir lección' }).click();
    await expect(section.getByRole('listitem', { name: lessons.video })).toBeVisible();

    // The text lesson becomes a free preview.
    const previewSwitch = section.getByRole('switch', { name: `Vista previa gratuita: ${lessons.text}` });
    await expect(previewSwitch).not.toBeChecked();
    // Checked once the server has saved it.
    await previewSwitch.click();
    await expect(previewSwitch).toBeChecked();
    await expect(page.getByText('Lecciones: 5 de')).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    const saved = page.getByRole('listitem', { name: 'Sección 2: Práctica' });
    await expect(saved.getByRole('listitem')).toHaveCount(3);
    await expect(saved.getByRole('switch', { name: `Vista previa gratuita: ${lessons.text}` })).toBeChecked();
  });

  test.describe('signed out, in English, on a phone', () => {
    test.use({ locale: 'en-US', viewport: phone });

    test('a visitor sees the curriculum and plays the free previews: the intro video and the text', async ({ page }) => {
      await page.goto(`/course/${course.id}`);
      await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      const curriculum = page.getByRole('region', { name: 'Course content' });
      await expect(curriculum.getByText(/^2 sections · 5 lessons/)).toBeVisible();
      await expect(curriculum.getByText('Contenido del curso')).toBeVisible();
      await expect(curriculum.getByText('Práctica')).toBeVisible();

      await curriculum.getByRole('button', { name: `Preview: ${lessons.intro}` }).click();
      let dialog = page.getByRole('dialog', { name: `Preview · ${lessons.intro}` });
      const video = dialog.getByLabel(`Video of the lesson ${lessons.intro}`);
      await expect(video).toBeVisible();
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        await element.play();
      });
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
      await dialog.getByRole('button', { name: 'Close the preview' }).click();
      await expect(dialog).toBeHidden();

      // The second section opens on demand; its text lesson reads as HTML.
      await curriculum.getByText('Práctica').click();
      await curriculum.getByRole('button', { name: `Preview: ${lessons.text}` }).click();
      dialog = page.getByRole('dialog', { name: `Preview · ${lessons.text}` });
      await expect(dialog.getByRole('heading', { name: 'Antes de practicar' })).toBeVisible();
      await expect(dialog.locator('strong')).toHaveText('las listas');
      await expect(dialog.getByRole('listitem')).toHaveCount(2);
      await expectAccessible(page);
      // Lessons that are no preview offer none.
      await dialog.getByRole('button', { name: 'Close the preview' }).click();
      await expect(curriculum.getByRole('button', { name: `Preview: ${lessons.pdf}` })).toHaveCount(0);
      await expect(curriculum.getByRole('button', { name: `Preview: ${lessons.video}` })).toHaveCount(0);
    });
  });

  test.describe('the buyer, in Spanish, on a phone', () => {
    test.use({ viewport: phone });

    test('buys the course, works through every lesson, resumes after a reload, completes it and gets the certificate', async ({ page }) => {
      test.slow();
      await page.goto('/');
      await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
      const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { name: string } };
      certificate.learnerName = session.user.name;
      const origin = new URL(page.url()).origin;
      // Only this course in the cart.
      const cart = (await (await page.request.get('/api/cart')).json()) as { items: { courseId: number }[] };
      for (const item of cart.items) await page.request.delete(`/api/cart/${item.courseId}`, { headers: { origin } });
      expect((await page.request.post('/api/cart', { data: { courseId: course.id }, headers: { origin } })).status()).toBe(201);

      await page.goto('/shop');
      await page.getByRole('link', { name: 'Pagar' }).click();
      await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
      await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await page.getByLabel('Vencimiento (MM/AA)').fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pagar \$/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: '¡Tu compra fue exitosa!' })).toBeVisible();

      await page.goto(`/mycourses/${course.id}`);
      await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      const sidebar = page.getByRole('navigation', { name: 'Contenido del curso' });
      const lessonLink = (title: string, state: string) => sidebar.getByRole('link', { name: new RegExp(`^${escapeRegExp(title)} \\(${state}\\)`) });
      await expect(sidebar.getByRole('link')).toHaveCount(5);
      const lessonHeading = (title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
      const next = page.getByRole('button', { name: 'Siguiente' });

      /** A video lesson played to its end (muted, as a browser allows without a click) counts as watched. */
      const watch = async (title: string) => {
        await expect(lessonHeading(title)).toBeVisible();
        const video = page.getByLabel(`Video del curso ${title}`);
        await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
        await video.evaluate(async (element: HTMLVideoElement) => {
          element.muted = true;
          await element.play();
        });
        await expect(lessonLink(title, 'completada')).toBeVisible({ timeout: 20_000 });
      };

      // Section 1: the two course videos.
      await watch(lessons.intro);
      await next.click();
      await watch(course.title);
      await next.click();

      // Section 2: the learner marks the text read (reading it to its end marks nothing), and may take the mark back.
      await expect(lessonHeading(lessons.text)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Antes de practicar' })).toBeVisible();
      await page.getByRole('button', { name: 'Marcar como leída' }).scrollIntoViewIfNeeded();
      await expect(lessonLink(lessons.text, 'sin empezar')).toBeVisible();
      await page.getByRole('button', { name: 'Marcar como leída' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Leída' })).toBeVisible();
      await expect(lessonLink(lessons.text, 'completada')).toBeVisible();
      await page.getByRole('button', { name: 'Marcar como no leída' }).click();
      await expect(lessonLink(lessons.text, 'en curso')).toBeVisible();
      await page.getByRole('button', { name: 'Marcar como leída' }).click();
      await expect(lessonLink(lessons.text, 'completada')).toBeVisible();
      await next.click();

      // A reload in the middle opens the same lesson, with the progress kept.
      await expect(lessonHeading(lessons.pdf)).toBeVisible();
      // Two of the four lessons completion asks for: the intro trailer, watched or not, is a preview and does not count.
      await expect(page.getByText('50 % completado')).toBeVisible();
      await page.reload();
      await expect(lessonHeading(lessons.pdf)).toBeVisible();
      await expect(sidebar.getByRole('link', { name: new RegExp(`^${escapeRegExp(lessons.pdf)}`) })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('50 % completado')).toBeVisible();

      const pdfDownload = page.waitForEvent('download');
      await page.getByRole('link', { name: `Descargar ${pdfName}` }).click();
      expect(await startOf(await pdfDownload)).toBe('%PDF-');
      // Downloading is not doing: the learner marks the file done.
      await expect(lessonLink(lessons.pdf, 'sin empezar')).toBeVisible();
      await page.getByRole('button', { name: 'Marcar como hecha' }).click();
      await expect(lessonLink(lessons.pdf, 'completada')).toBeVisible();
      await next.click();

      await watch(lessons.video);
      await expect(page.getByText('100 % completado')).toBeVisible();
      await expect(page.getByText('¡Completaste el curso!')).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: `Obtener certificado: ${course.title}` }).click();
      const certificateDownload = page.waitForEvent('download');
      await page.getByRole('link', { name: `Descargar certificado: ${course.title}` }).click();
      expect(await startOf(await certificateDownload)).toBe('%PDF-');
      const verification = page.getByRole('link', { name: 'Ver página de verificación' });
      await expect(verification).toHaveAttribute('href', /^\/certificado\/[\w-]+$/);
      certificate.code = (await verification.getAttribute('href'))!.split('/').pop()!;
    });
  });

  test.describe('signed out, in English, on a phone', () => {
    test.use({ locale: 'en-US', viewport: phone });

    test('anyone opens the certificate’s verification page: valid, the learner, the course', async ({ page }) => {
      expect(certificate.code).not.toBe('');
      await page.goto(`/certificate/${certificate.code}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeVisible();
      await expect(page.getByText('Valid certificate')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: certificate.learnerName })).toBeVisible();
      await expect(page.getByRole('link', { name: course.title })).toHaveAttribute('href', `/course/${course.id}`);
      await expect(page.getByText(certificate.code)).toBeVisible();
      // What it certifies, as the server saw it: the four lessons completion asks for, and the video seen played.
      await expect(page.getByText(/^4 lessons, \d+ (s|min) of video watched, as the site recorded them$/)).toBeVisible();
      await expectAccessible(page);
    });
  });
});
