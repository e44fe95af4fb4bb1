import { demo, expect, signInThroughApi, test } from './fixtures';

test.describe('curriculum editor', () => {
  test('a teacher adds a second section with a text lesson, moves it first from the keyboard, and finds it so after a reload', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    // A course of theirs nobody has bought: a learner's progress elsewhere in the suite must not gain a lesson.
    const sales = await page.request.get('/api/teaching/sales');
    expect(sales.status()).toBe(200);
    const course = ((await sales.json()) as { courses: { id: number; title: string; students: number }[] }).courses.find((candidate) => candidate.students === 0);
    expect(course, 'a course without students').toBeDefined();

    await page.goto(`/course/editcourse/${course!.id}`);
    await expect(page.getByRole('heading', { name: 'Temario' })).toBeVisible();
    const sections = page.getByRole('listitem', { name: /^Sección \d+:/ });
    const before = await sections.count();

    const title = `Práctica ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Nueva sección' }).fill(title);
    await page.getByRole('button', { name: 'Añadir sección' }).click();
    const added = page.getByRole('listitem', { name: `Sección ${before + 1}: ${title}` });
    await expect(added).toBeVisible();

    await added.getByRole('button', { name: `Añadir lección a ${title}` }).click();
    const form = added.getByRole('form', { name: `Añadir lección a ${title}` });
    await form.getByRole('textbox', { name: 'Título de la lección' }).fill('Lectura del tema');
    await form.getByRole('textbox', { name: 'Texto (Markdown)' }).fill('# Bienvenida\n\nUn texto corto para leer antes de practicar.');
    await form.getByRole('button', { name: 'Añadir lección' }).click();
    await expect(added.getByRole('listitem', { name: 'Lectura del tema' })).toBeVisible();

    // From the keyboard: pick the new section up, move it above every other, drop it. Each step
    // waits for its announcement, as a reader of it would (the page may scroll in between).
    await added.getByRole('button', { name: `Mover la sección ${title}` }).focus();
    await page.keyboard.press('Space');
    const announced = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
    await announced(`${title} está ahora en la posición ${before + 1} de ${before + 1}`);
    for (let position = before; position >= 1; position--) {
      await page.keyboard.press('ArrowUp');
      await announced(`${title} está ahora en la posición ${position} de ${before + 1}`);
    }
    await page.keyboard.press('Space');
    await announced(`Soltaste ${title} en la posición 1 de ${before + 1}`);
    await expect(page.getByRole('listitem', { name: `Sección 1: ${title}` })).toBeVisible();

    await page.reload();
    const first = page.getByRole('listitem', { name: `Sección 1: ${title}` });
    await expect(first).toBeVisible();
    await expect(first.getByRole('listitem', { name: 'Lectura del tema' })).toBeVisible();
  });
});
