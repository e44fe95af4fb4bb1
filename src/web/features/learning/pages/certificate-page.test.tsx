import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CertificateVerification } from '../../../../shared/schemas/certificates';
import { setLanguage } from '../../../i18n';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const slow = { timeout: 5000 };
const code = '7KQ2-M9XD-4TRB';

const valid: CertificateVerification = {
  code,
  learnerName: 'Núria Castañeda',
  courseId: 42,
  courseTitle: 'Diseño gráfico básico',
  teacherName: 'Iñaki Pérez',
  issuedAt: '2026-03-05T10:00:00.000Z',
  state: 'valid',
  revokedAt: null,
  lessonsCompleted: 12,
  videoSecondsWatched: 3 * 3600 + 5 * 60 + 40,
  achievements: null,
  finalScore: null,
};
const revoked: CertificateVerification = { ...valid, state: 'revoked', revokedAt: '2026-04-02T09:00:00.000Z' };

function setup(certificate: CertificateVerification | null, path = `/certificado/${code}`) {
  const spy = mockApi({
    getSession: () => null,
    verifyCertificate: ({ params }) =>
      certificate && params.code === certificate.code ? certificate : jsonResponse({ error: { code: 'CERTIFICATE_NOT_FOUND', message: 'No such certificate' } }, 404),
  });
  return { ...renderApp(path), spy };
}

describe('/certificado/:code', () => {
  beforeAll(async () => {
    await import('./certificate-page');
  });

  it('shows a valid certificate to a visitor: whom, which course (linked), the teacher, the date, the code, and Add to LinkedIn', async () => {
    setup(valid);
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado de finalización' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Certificado válido')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Núria Castañeda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Diseño gráfico básico' })).toHaveAttribute('href', '/course/42');
    expect(screen.getByText('Iñaki Pérez')).toBeInTheDocument();
    // What the site saw: the lessons done and the video watched.
    expect(screen.getByText('12 lecciones, 3 h 05 min de vídeo vistos, según el registro del sitio')).toBeInTheDocument();
    expect(screen.getByText('5 de marzo de 2026')).toBeInTheDocument();
    expect(screen.getByText(code)).toBeInTheDocument();
    expect(document.title).toBe('Certificado de Diseño gráfico básico | Cursos Online');

    const linkedIn = screen.getByRole('link', { name: 'Añadir a LinkedIn' });
    const url = new URL(linkedIn.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Diseño gráfico básico',
      organizationName: 'Cursos Online',
      issueYear: '2026',
      issueMonth: '3',
      certUrl: `${window.location.origin}/certificado/${code}`,
      certId: code,
    });
  });

  it('states nothing of what was seen on a certificate issued before it was recorded', async () => {
    setup({ ...valid, lessonsCompleted: null, videoSecondsWatched: null });
    expect(await screen.findByText('Certificado válido', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByText(/según el registro del sitio/)).not.toBeInTheDocument();
  });

  const withRules: CertificateVerification = {
    ...valid,
    achievements: { quizzes: [{ title: 'Repaso de color', percent: 87 }, { title: 'Examen final', percent: 95 }], assignments: [{ title: 'Cartel propio' }] },
    finalScore: 92,
  };

  it('states the quizzes passed with their scores, the assignments passed and the final score', async () => {
    setup(withRules);
    expect(await screen.findByText('Certificado válido', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('Cuestionarios superados:')).toBeInTheDocument();
    expect(screen.getByText(/^Repaso de color \(87\s%\), Examen final \(95\s%\)$/)).toBeInTheDocument();
    expect(screen.getByText('Tareas aprobadas:')).toBeInTheDocument();
    expect(screen.getByText('Cartel propio')).toBeInTheDocument();
    expect(screen.getByText('Nota final:')).toBeInTheDocument();
    expect(screen.getByText(/^92\s%$/)).toBeInTheDocument();
  });

  it('states the scores in English at the English address', async () => {
    await act(() => setLanguage('en'));
    setup(withRules, `/certificate/${code}`);
    expect(await screen.findByText('Valid certificate', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('Repaso de color (87%), Examen final (95%)')).toBeInTheDocument();
    expect(screen.getByText('Assignments passed:')).toBeInTheDocument();
    expect(screen.getByText('Final score:')).toBeInTheDocument();
    expect(screen.getByText('92%')).toBeInTheDocument();
  });

  it('states no scores on a certificate issued before rules existed, only its lessons and video', async () => {
    setup(valid);
    expect(await screen.findByText('12 lecciones, 3 h 05 min de vídeo vistos, según el registro del sitio', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByText('Nota final:')).not.toBeInTheDocument();
    expect(screen.queryByText('Cuestionarios superados:')).not.toBeInTheDocument();
  });

  it('says a revoked certificate was revoked, and when, and offers no LinkedIn link', async () => {
    setup(revoked);
    expect(await screen.findByText('Certificado revocado', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Este certificado fue revocado el 2 de abril de 2026.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Núria Castañeda' })).toBeInTheDocument();
    expect(screen.queryByText('Certificado válido')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Añadir a LinkedIn' })).not.toBeInTheDocument();
  });

  it('is the not-found page for an unknown code', async () => {
    setup(valid, '/certificado/ZZZZ-ZZZZ-ZZZZ');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificado no encontrado' }, slow)).toBeInTheDocument();
    expect(screen.getByText('No encontramos ningún certificado con ese código.')).toBeInTheDocument();
  });

  it('is the not-found page, without asking the API, for a segment that is no code at all', async () => {
    const { spy } = setup(valid, '/certificado/not-a-code');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }, slow)).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.verifyCertificate)).toHaveLength(0);
  });

  it('says it in English at the English address, valid and revoked', async () => {
    await act(() => setLanguage('en'));
    setup(valid, `/certificate/${code}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate of completion' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Valid certificate')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2026')).toBeInTheDocument();
    const linkedIn = screen.getByRole('link', { name: 'Add to LinkedIn' });
    expect(new URL(linkedIn.getAttribute('href')!).searchParams.get('certUrl')).toBe(`${window.location.origin}/certificate/${code}`);
    expect(new URL(linkedIn.getAttribute('href')!).searchParams.get('organizationName')).toBe('Online Courses');
  });

  it('says a revoked certificate was revoked in English', async () => {
    await act(() => setLanguage('en'));
    setup(revoked, `/certificate/${code}`);
    expect(await screen.findByText('Revoked certificate', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('This certificate was revoked on April 2, 2026.')).toBeInTheDocument();
  });
});
