import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/helpers/pdf-text';
import type { Certificate } from '../../../shared/schemas/certificates';
import { renderCertificatePdf } from './certificate-pdf';

const certificate = (learnerName: string): Certificate => ({
  code: 'ABCD-EFGH-JKMN',
  courseId: 1,
  courseTitle: 'Diseño gráfico básico',
  learnerName,
  teacherName: 'Iñaki Pérez',
  language: 'es',
  issuedAt: '2026-03-05T10:00:00.000Z',
  state: 'valid',
  revokedAt: null,
  lessonsCompleted: 4,
  videoSecondsWatched: 5400,
  achievements: null,
  finalScore: null,
});

describe('certificate PDFs, drawn in their worker thread', () => {
  it('answers downloads asked at once each with its own certificate', async () => {
    const names = ['Núria Castañeda', 'Zoë Ødegård', 'José Ñúñez', 'Ana Pérez'];
    const pdfs = await Promise.all(names.map((name) => renderCertificatePdf(certificate(name), 'http://localhost:3000/certificado/ABCD-EFGH-JKMN')));
    pdfs.forEach((pdf, index) => {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf).join(' ');
      expect(text).toContain(names[index]);
      for (const other of names.filter((_, at) => at !== index)) expect(text).not.toContain(other);
    });
  });

  it('states the quizzes passed with their scores, the assignments passed and the final score, in its language; an older certificate only its lessons and video', async () => {
    const withRules: Certificate = {
      ...certificate('Núria Castañeda'),
      achievements: { quizzes: [{ title: 'Repaso de tipos', percent: 87 }, { title: 'Examen final', percent: 95 }], assignments: [{ title: 'Ensayo final' }] },
      finalScore: 92,
    };
    const spanish = pdfText(await renderCertificatePdf(withRules, 'http://localhost:3000/certificado/ABCD-EFGH-JKMN')).join(' ');
    expect(spanish).toContain('Cuestionarios superados');
    expect(spanish).toMatch(/Repaso de tipos \(87\s%\)/);
    expect(spanish).toContain('Tareas aprobadas: Ensayo final');
    expect(spanish).toMatch(/Nota final: 92\s%/);
    const english = pdfText(await renderCertificatePdf({ ...withRules, language: 'en' }, 'http://localhost:3000/certificate/ABCD-EFGH-JKMN')).join(' ');
    expect(english).toContain('Examen final (95%)');
    expect(english).toContain('Final score: 92%');

    const older = pdfText(await renderCertificatePdf(certificate('Ana Pérez'), 'http://localhost:3000/certificado/ABCD-EFGH-JKMN')).join(' ');
    expect(older).toContain('4 lecciones');
    expect(older).not.toContain('Nota final');
    expect(older).not.toContain('Cuestionarios');
  });
});
