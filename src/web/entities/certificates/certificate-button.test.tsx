import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../testing/mock-fetch';
import { renderRoutes } from '../../testing/render';
import { CertificateButton } from './certificate-button';

const certificate = {
  code: '7KQ2-M9XD-4TRB',
  courseId: 5,
  courseTitle: 'Python desde cero',
  learnerName: 'Ana',
  teacherName: 'Laura Martínez',
  language: 'es' as const,
  issuedAt: '2026-03-05T10:00:00.000Z',
  state: 'valid' as const,
  revokedAt: null,
  lessonsCompleted: 4,
  videoSecondsWatched: 1800,
  achievements: null,
  finalScore: null,
};

const renderButton = () => renderRoutes([{ path: '/mycourses', element: <CertificateButton courseId={5} title="Python desde cero" /> }], '/mycourses');

describe('the Get certificate button', () => {
  it('issues my certificate, then offers its PDF and its verification page', async () => {
    const spy = mockApi({ getSession: () => null, issueMyCertificate: () => certificate });
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Obtener certificado: Python desde cero' }));
    expect(await screen.findByRole('link', { name: 'Descargar certificado: Python desde cero' })).toHaveAttribute('href', '/api/certificates/7KQ2-M9XD-4TRB/pdf');
    expect(screen.getByRole('link', { name: 'Ver página de verificación' })).toHaveAttribute('href', '/certificado/7KQ2-M9XD-4TRB');
    expect(requestsTo(spy, endpoints.issueMyCertificate).map((request) => request.url)).toEqual(['/api/certificates/courses/5']);
    expect(await screen.findByText('¡Tu certificado está listo!')).toBeInTheDocument();
  });

  it('says so when a lesson is left', async () => {
    mockApi({ getSession: () => null, issueMyCertificate: () => jsonResponse({ error: { code: 'COURSE_NOT_COMPLETE', message: 'x' } }, 409) });
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Obtener certificado: Python desde cero' }));
    expect(await screen.findByText('Aún te quedan lecciones por completar en este curso.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Descargar certificado/ })).not.toBeInTheDocument();
  });
});
