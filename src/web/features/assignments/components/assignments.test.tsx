import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { AssignmentLesson as AssignmentLessonData, SubmissionForReview, SubmissionView } from '../../../../shared/schemas/assignments';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { AssignmentLesson } from './assignment-lesson';
import { SubmissionReview } from './review-form';
import { AssignmentFields, assignmentDraftReady, emptyAssignmentDraft, type AssignmentDraft } from './assignment-fields';
import { useState } from 'react';

const SUBMISSION_ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const submission = (values: Partial<SubmissionView> = {}): SubmissionView => ({
  id: SUBMISSION_ID,
  version: 1,
  state: 'waiting',
  answerText: 'Mi ensayo',
  answerHtml: '<p>Mi ensayo</p>',
  file: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  reviewedAt: null,
  points: null,
  feedback: null,
  returnedFile: null,
  ...values,
});

const lesson = (values: Partial<AssignmentLessonData> = {}): AssignmentLessonData => ({
  lessonId: 31,
  courseId: 4,
  title: 'Ensayo final',
  instructionsHtml: '<p>Escribe <strong>un ensayo</strong>.</p>',
  grading: 'pass-fail',
  maxPoints: null,
  passingPoints: null,
  canHandIn: true,
  isLearner: true,
  submissions: [],
  draftFile: null,
  limits: { maxBytes: 1024, answerTextMax: 20_000, fileTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/zip'] },
  ...values,
});

/** Mantine's file field is a button naming a hidden file input, which the user's upload goes to. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('the assignment lesson', () => {
  it('shows the instructions and hands in text and a file; the state follows', async () => {
    let current = lesson();
    let uploaded: { name: string | null; bytes: number } | null = null;
    const spy = mockApi(
      {
        getAssignmentLesson: () => current,
        handInAssignment: ({ body }) => {
          current = lesson({ canHandIn: false, submissions: [submission({ answerText: body.answerText ?? null, file: body.withFile ? { url: `/api/assignment-submissions/${SUBMISSION_ID}/file`, name: 'ensayo.pdf', contentType: 'application/pdf', sizeBytes: 9 } : null })] });
          return jsonResponse(current, 201);
        },
      },
      {
        'PUT /api/lessons/31/assignment/file': async (request) => {
          uploaded = { name: new URL(request.url).searchParams.get('fileName'), bytes: (await request.arrayBuffer()).byteLength };
          return { name: 'ensayo.pdf', contentType: 'application/pdf', sizeBytes: 9 };
        },
      },
    );
    const { user } = renderWithProviders(<AssignmentLesson lessonId={31} />);
    expect(await screen.findByText('un ensayo')).toBeInTheDocument();
    expect(screen.getByText(/aprobada o no aprobada/i)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /tu respuesta/i }), 'Mi ensayo');
    await user.upload(fileInput(), new File(['%PDF-1.4 '], 'ensayo.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Entregar' }));

    expect(await screen.findByText('Esperando revisión')).toBeInTheDocument();
    // The hand-in's own toast is a status too: the lesson's state is the one that tells the wait.
    expect(screen.getAllByRole('status').filter((status) => /espera la revisión/i.test(status.textContent ?? ''))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Entregar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /descargar tu archivo: ensayo\.pdf/i })).toHaveAttribute('href', `/api/assignment-submissions/${SUBMISSION_ID}/file`);
    expect(uploaded).toEqual({ name: 'ensayo.pdf', bytes: 9 });
    expect(requestsTo(spy, endpoints.handInAssignment)[0]?.body).toEqual({ answerText: 'Mi ensayo', withFile: true });
  });

  it('refuses in the browser a file of another type or over the size, and an empty hand-in, sending nothing', async () => {
    const spy = mockApi({ getAssignmentLesson: () => lesson() });
    renderWithProviders(<AssignmentLesson lessonId={31} />);
    // As a user who picks "all files" in the dialog: the input's accept list is no guard.
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByText('un ensayo');
    const input = fileInput();
    await user.upload(input, new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/PDF, una imagen/);
    await user.upload(input, new File([new Uint8Array(2048)], 'grande.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/demasiado grande/);
    await user.click(screen.getByRole('button', { name: 'Entregar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/escribe tu respuesta o adjunta un archivo/i);
    expect(requestsTo(spy, endpoints.handInAssignment)).toEqual([]);
  });

  it('shows a returned hand-in with its feedback and file, and offers to hand in again', async () => {
    mockApi({
      getAssignmentLesson: () =>
        lesson({
          grading: 'points',
          maxPoints: 10,
          passingPoints: 6,
          submissions: [
            submission({
              state: 'returned',
              reviewedAt: '2026-11-21T10:00:00.000Z',
              points: 4,
              feedback: 'Falta la conclusión',
              returnedFile: { url: `/api/assignment-submissions/${SUBMISSION_ID}/returned-file`, name: 'notas.pdf', contentType: 'application/pdf', sizeBytes: 10 },
            }),
          ],
        }),
    });
    renderWithProviders(<AssignmentLesson lessonId={31} />);
    const entry = await screen.findByRole('article', { name: 'Entrega 1' });
    expect(within(entry).getByText('Devuelta para otro intento')).toBeInTheDocument();
    expect(within(entry).getByText('Falta la conclusión')).toBeInTheDocument();
    expect(within(entry).getByText('4 de 10 puntos')).toBeInTheDocument();
    expect(within(entry).getByRole('link', { name: /archivo del profesor: notas\.pdf/i })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entregar de nuevo' })).toBeInTheDocument();
  });

  it('a reader who is not a student reads the instructions and gets no form', async () => {
    mockApi({ getAssignmentLesson: () => lesson({ isLearner: false, canHandIn: false }) });
    renderWithProviders(<AssignmentLesson lessonId={31} />);
    expect(await screen.findByText(/solo los alumnos del curso/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entregar' })).not.toBeInTheDocument();
  });
});

describe('the review form', () => {
  const forReview = (values: Partial<SubmissionForReview> = {}): SubmissionForReview => ({
    courseId: 4,
    courseTitle: 'React desde cero',
    lessonId: 31,
    lessonTitle: 'Ensayo final',
    learnerName: 'Ana Pérez',
    instructionsHtml: '<p>Escribe un ensayo.</p>',
    grading: 'points',
    maxPoints: 10,
    passingPoints: 6,
    submission: submission(),
    pendingReturnedFile: null,
    earlier: [],
    ...values,
  });

  it('grades by points with feedback; the answer shows the reviewed state', async () => {
    let current = forReview();
    const spy = mockApi({
      getSubmissionForReview: () => current,
      reviewSubmission: ({ body }) => {
        current = forReview({ submission: submission({ state: 'passed', points: body.points ?? null, feedback: body.feedback, reviewedAt: '2026-11-21T10:00:00.000Z' }) });
        return current;
      },
    });
    const { user } = renderWithProviders(<SubmissionReview courseId={4} submissionId={SUBMISSION_ID} />);
    expect(await screen.findByRole('heading', { name: /entrega 1 de ana pérez/i })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /puntos/i }), '8');
    await user.type(screen.getByRole('textbox', { name: /comentarios/i }), 'Muy bien');
    await user.click(screen.getByRole('button', { name: 'Enviar revisión' }));
    await waitFor(() => expect(requestsTo(spy, endpoints.reviewSubmission)[0]?.body).toEqual({ outcome: 'grade', passed: null, points: 8, feedback: 'Muy bien' }));
    expect(await screen.findByText(/ya está revisada: aprobada/i)).toBeInTheDocument();
  });

  it('returns a pass-fail hand-in for another try without a grade, and says so when another reviewer was first', async () => {
    const spy = mockApi({
      getSubmissionForReview: () => forReview({ grading: 'pass-fail', maxPoints: null, passingPoints: null }),
      reviewSubmission: () => jsonResponse({ error: { code: 'ASSIGNMENT_ALREADY_REVIEWED', message: 'already reviewed' } }, 409),
    });
    const { user } = renderWithProviders(<SubmissionReview courseId={4} submissionId={SUBMISSION_ID} />);
    await user.click(await screen.findByRole('radio', { name: 'Devolver para otro intento' }));
    expect(screen.queryByRole('radio', { name: 'Aprobada' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /comentarios/i }), 'Revisa la introducción');
    await user.click(screen.getByRole('button', { name: 'Enviar revisión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Alguien ya revisó este trabajo.');
    expect(requestsTo(spy, endpoints.reviewSubmission)[0]?.body).toEqual({ outcome: 'return', passed: null, points: null, feedback: 'Revisa la introducción' });
  });
});

describe('the assignment editor’s fields', () => {
  function Harness({ onDraft }: { onDraft: (draft: AssignmentDraft) => void }) {
    const [draft, setDraft] = useState(emptyAssignmentDraft);
    return (
      <AssignmentFields
        value={draft}
        onChange={(next) => {
          setDraft(next);
          onDraft(next);
        }}
      />
    );
  }

  it('writes instructions and grading by points; passing points above the maximum are flagged and not ready', async () => {
    let latest = emptyAssignmentDraft();
    mockApi({});
    const { user } = renderWithProviders(<Harness onDraft={(draft) => (latest = draft)} />);
    await user.type(screen.getByRole('textbox', { name: /enunciado/i }), 'Entrega un ensayo');
    await user.click(screen.getByRole('radio', { name: 'Puntos' }));
    expect(latest.grading).toEqual({ grading: 'points', maxPoints: 10, passingPoints: 5 });
    expect(assignmentDraftReady(latest)).toBe(true);
    const passing = screen.getByRole('textbox', { name: /puntos para aprobar/i });
    await user.clear(passing);
    await user.type(passing, '12');
    expect(await screen.findByText(/no pueden superar el máximo/i)).toBeInTheDocument();
    expect(assignmentDraftReady(latest)).toBe(false);
  });
});
