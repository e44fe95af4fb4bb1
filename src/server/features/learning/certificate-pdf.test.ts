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
});
