import { act, configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { CertificateRules, CertificateRulesInput } from '../../../../shared/schemas/certificates';
import { setLanguage } from '../../../i18n';
import type { Session } from '../../../session/get-session';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { makeEarnings } from '../../../testing/payout-fixtures';
import { renderApp } from '../../../testing/render';

// The page loads lazily with the upload client: the first render takes longer than the default second.
configure({ asyncUtilTimeout: 8000 });

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};
const course = {
  id: 4,
  title: 'React desde cero',
  imageUrl: '/covers/web.svg',
  teacherName: 'Laura Martínez',
  description: 'Componentes, hooks y rutas.',
  durationHours: 10,
  priceCents: 1999,
  language: 'spanish' as const,
  level: 'medium' as const,
  categoryId: 1,
  subcategoryId: 11,
  ownerId: 'u1',
  disabledAt: null,
};
const stored: CertificateRules = {
  courseId: 4,
  quizzes: [
    { lessonId: 21, title: 'Repaso de hooks', passingPercent: 70, required: true, minPercent: 85 },
    { lessonId: 22, title: 'Examen final', passingPercent: 60, required: false, minPercent: null },
  ],
  assignments: [{ lessonId: 31, title: 'Proyecto final', required: false }],
};

function setup(rules: CertificateRules, setRules: (body: CertificateRulesInput) => Response | CertificateRules = (body) => applied(rules, body)) {
  const spy = mockApi({
    getSession: () => session,
    getMe: () => ({ ...session.user, createdCoursesCount: 1 }),
    getEarnings: () => makeEarnings(),
    getCourseForEdit: () => course,
    getCourseVideoProcessing: () => ({ items: [] }),
    getCurriculumForEdit: () => ({ courseId: 4, sections: [], lessonCount: 0, totalSeconds: 0, durationHours: 0, limits: { maxSections: 50, maxLessons: 300 } }),
    getCertificateRules: () => rules,
    setCertificateRules: ({ body }) => setRules(body),
  });
  return { ...renderApp('/course/editcourse/4'), spy };
}

/** The rules as the server keeps them once set. */
function applied(rules: CertificateRules, body: CertificateRulesInput): CertificateRules {
  return {
    ...rules,
    quizzes: rules.quizzes.map((quiz) => {
      const rule = body.quizzes.find((item) => item.lessonId === quiz.lessonId);
      return { ...quiz, required: Boolean(rule), minPercent: rule ? (rule.minPercent ?? quiz.passingPercent) : null };
    }),
    assignments: rules.assignments.map((assignment) => ({ ...assignment, required: body.assignmentLessonIds.includes(assignment.lessonId) })),
  };
}

describe("the course editor's certificate section", () => {
  it('shows the rules kept, lets the teacher require a quiz (its passing score by default) and an assignment, and saves them', async () => {
    const { user, spy } = setup(stored);
    const section = await screen.findByRole('region', { name: 'Certificado' });
    expect(within(section).getByText(/pide siempre todas las lecciones completadas/)).toBeInTheDocument();
    expect(await within(section).findByRole('checkbox', { name: 'Aprobar el cuestionario «Repaso de hooks»' })).toBeChecked();
    expect(within(section).getByRole('textbox', { name: 'Nota mínima de «Repaso de hooks»' })).toHaveValue('85 %');
    const finalExam = within(section).getByRole('checkbox', { name: 'Aprobar el cuestionario «Examen final»' });
    expect(finalExam).not.toBeChecked();
    expect(within(section).queryByRole('textbox', { name: 'Nota mínima de «Examen final»' })).toBeNull();

    await user.click(finalExam);
    expect(within(section).getByRole('textbox', { name: 'Nota mínima de «Examen final»' })).toHaveValue('60 %');
    await user.click(within(section).getByRole('checkbox', { name: 'Aprobar la tarea «Proyecto final»' }));
    const hooksMinimum = within(section).getByRole('textbox', { name: 'Nota mínima de «Repaso de hooks»' });
    await user.clear(hooksMinimum);
    await user.type(hooksMinimum, '90');
    await user.click(within(section).getByRole('button', { name: 'Guardar requisitos' }));

    expect(await screen.findByText('Requisitos del certificado guardados')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.setCertificateRules).map((request) => request.body)).toEqual([
      {
        quizzes: [
          { lessonId: 21, minPercent: 90 },
          { lessonId: 22, minPercent: 60 },
        ],
        assignmentLessonIds: [31],
      },
    ]);
  });

  it('keeps the save disabled while a minimum is empty, and shows the server’s refusal in words', async () => {
    const { user, spy } = setup(stored, () =>
      jsonResponse({ error: { code: 'CERTIFICATE_RULE_LESSON_INVALID', message: 'Lesson 21 is not a quiz or assignment lesson of this course' } }, 400),
    );
    const section = await screen.findByRole('region', { name: 'Certificado' });
    const minimum = await within(section).findByRole('textbox', { name: 'Nota mínima de «Repaso de hooks»' });
    await user.clear(minimum);
    expect(within(section).getByText('Entre 0 y 100')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Guardar requisitos' })).toBeDisabled();
    await user.type(minimum, '75');
    await user.click(within(section).getByRole('button', { name: 'Guardar requisitos' }));
    expect(await screen.findByText('Esa lección no es un cuestionario o una tarea de este curso.')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.setCertificateRules)).toHaveLength(1);
  });

  it('says a course without quiz or assignment lessons has nothing more to require, in English too', async () => {
    await act(() => setLanguage('en'));
    setup({ courseId: 4, quizzes: [], assignments: [] });
    const section = await screen.findByRole('region', { name: 'Certificate' });
    expect(await within(section).findByText('Add a quiz or assignment lesson to be able to require it.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Save requirements' })).toBeNull();
  });
});
