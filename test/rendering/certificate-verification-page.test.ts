import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../helpers/database';
import { createPageRenderer } from '../../src/web/entry-server';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createCourse, createOrder, createUser } from '../../src/server/db/factories';
import { certificates, courseLessons, lessonProgress } from '../../src/server/db/schema';
import { issueCertificateIfComplete } from '../../src/server/features/learning';
import { revokeOrderCourses } from '../../src/server/features/orders';
import { visibleText } from '../helpers/page-text';

describe('the certificate verification page, drawn on the server', () => {
  let app: App;
  let db: Database;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'marketplace-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), readFileSync('src/web/index.html', 'utf8'));
    const database = await testDatabase();
    db = database.db;
    app = await buildApp(
      { ...loadConfig({ AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost:3000', SEED_DEMO_DATA: 'false' }), webDistDir: distDir },
      { database, logger: false, createPageRenderer },
    );
  });
  beforeEach(async () => {
    await resetDatabase(await testDatabase());
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  async function issued() {
    const learner = await createUser(db, { name: 'Núria Castañeda' });
    const course = await createCourse(db, { title: 'Diseño gráfico básico', teacherName: 'Iñaki Pérez' });
    const { order } = await createOrder(db, { userId: learner.id, items: [course] });
    const lessons = await db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, course.id));
    await db.insert(lessonProgress).values(lessons.map((lesson) => ({ userId: learner.id, lessonId: lesson.id, courseId: course.id, completedAt: new Date() })));
    const certificate = await issueCertificateIfComplete(db, { userId: learner.id, courseId: course.id });
    return { certificate: certificate!, order, course, learner };
  }

  const page = (url: string, language = 'es') => app.inject({ url, headers: { 'accept-language': language } });

  it("serves the page signed out with the learner's name, the course and the code in its HTML, titled with the course", async () => {
    const { certificate, course } = await issued();
    const response = await page(`/certificado/${certificate.code}`);
    expect(response.statusCode).toBe(200);
    const text = visibleText(response.body);
    expect(text).toContain('Certificado válido');
    expect(text).toContain('Núria Castañeda');
    expect(text).toContain('Diseño gráfico básico');
    expect(text).toContain('Iñaki Pérez');
    expect(text).toContain(certificate.code);
    expect(response.body).toContain(`href="/course/${course.id}"`);
    expect(response.body).toContain('<title>Certificado de Diseño gráfico básico | Cursos Online</title>');
    // Meant to be shared: indexable.
    expect(response.body).not.toContain('noindex');

    const english = await page(`/certificate/${certificate.code}`, 'en');
    expect(english.statusCode).toBe(200);
    expect(visibleText(english.body)).toContain('Valid certificate');
    expect(english.body).toContain('<title>Certificate of Diseño gráfico básico | Cursos Online</title>');
  });

  it('states the quizzes passed with their scores, the assignments passed and the final score in its HTML; an older certificate only what it has', async () => {
    const { certificate } = await issued();
    // What a certificate issued under rules froze (the rules' own tests issue real ones: learning/certificate-rules.test.ts).
    await db
      .update(certificates)
      .set({ achievements: { quizzes: [{ title: 'Repaso de color', percent: 87 }], assignments: [{ title: 'Cartel propio' }] }, finalScore: 87 })
      .where(eq(certificates.code, certificate.code));
    const text = visibleText((await page(`/certificado/${certificate.code}`)).body);
    expect(text).toMatch(/Cuestionarios superados\s*:\s*Repaso de color \(87\s%\)/);
    expect(text).toMatch(/Tareas aprobadas\s*:\s*Cartel propio/);
    expect(text).toMatch(/Nota final\s*:\s*87\s%/);
    expect(visibleText((await page(`/certificate/${certificate.code}`, 'en')).body)).toMatch(/Final score\s*:\s*87%/);

    // Issued before rules existed: nothing of them, still valid, with its lessons and video.
    await db.update(certificates).set({ achievements: null, finalScore: null }).where(eq(certificates.code, certificate.code));
    const older = visibleText((await page(`/certificado/${certificate.code}`)).body);
    expect(older).toContain('Certificado válido');
    expect(older).toContain('según el registro del sitio');
    expect(older).not.toContain('Nota final');
  });

  it('says revoked as soon as a refund revokes it: the page is not kept from before', async () => {
    const { certificate, order, learner } = await issued();
    expect(visibleText((await page(`/certificado/${certificate.code}`)).body)).toContain('Certificado válido');
    // What a refund does to the buyer's access (both refund paths take the courses back through it).
    await revokeOrderCourses(db, { userId: learner.id, orderId: order.id });
    const after = visibleText((await page(`/certificado/${certificate.code}`)).body);
    expect(after).toContain('Certificado revocado');
    expect(after).toContain('Núria Castañeda');
  });

  it('is a 404 page for an unknown code and for a segment that is no code', async () => {
    const unknown = await page('/certificado/ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(visibleText(unknown.body)).toContain('Certificado no encontrado');
    expect(unknown.body).toContain('noindex');
    expect((await page('/certificado/not-a-code')).statusCode).toBe(404);
  });
});
