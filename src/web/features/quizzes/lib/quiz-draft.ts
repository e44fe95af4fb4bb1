import type { z } from 'zod';
import { quizDefinitionInput, type QuestionDefinition, type QuestionType, type QuizDefinitionInput, type QuizSettings } from '../../../../shared/schemas/quizzes';
import { i18n } from '../../../i18n';

/** A number field as the editor holds it: Mantine's NumberInput gives a string while it is empty or half typed. */
export type NumberField = number | string;

type Loose<Q> = Q extends { type: 'numeric' }
  ? Omit<Q, 'points' | 'explanation' | 'answer' | 'tolerance'> & { points: NumberField; explanation: string; answer: NumberField; tolerance: NumberField }
  : Omit<Q, 'points' | 'explanation'> & { points: NumberField; explanation: string };

/** A question being edited: the schema's question, with its numbers as typed and no explanation as ''. */
export type DraftQuestion = Loose<QuestionDefinition>;
export type DraftChoice = { id: string; text: string; correct: boolean };

export type DraftSettings = Omit<QuizSettings, 'passingPercent' | 'maxAttempts' | 'waitMinutes' | 'timeLimitMinutes' | 'drawCount'> & {
  passingPercent: NumberField;
  maxAttempts: NumberField | null;
  waitMinutes: NumberField;
  timeLimitMinutes: NumberField | null;
  drawCount: NumberField | null;
};

export type QuizDraft = { settings: DraftSettings; questions: DraftQuestion[] };

/** An id for a new question or choice, matching the schema's /^[A-Za-z0-9_-]{1,40}$/ and unused in `taken`. */
export function newItemId(taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    const id = crypto.randomUUID().slice(0, 8);
    if (!taken.has(id)) return id;
  }
}

export const draftFromQuiz = (quiz: QuizDefinitionInput): QuizDraft => ({
  settings: { ...quiz.settings },
  questions: quiz.questions.map(draftQuestion),
});

export const draftQuestion = (question: QuestionDefinition): DraftQuestion => ({ ...question, explanation: question.explanation ?? '' }) as DraftQuestion;

/** A new, empty question of a type: its choices or items to be filled in. */
export function blankQuestion(type: QuestionType, taken: ReadonlySet<string>): DraftQuestion {
  const id = newItemId(taken);
  const base = { id, prompt: '', points: 1, explanation: '' };
  const two = () => {
    const first = newItemId();
    return [first, newItemId(new Set([first]))] as const;
  };
  switch (type) {
    case 'single':
    case 'multiple': {
      const [a, b] = two();
      const choices = [
        { id: a, text: '', correct: false },
        { id: b, text: '', correct: false },
      ];
      return type === 'single' ? { ...base, type, choices } : { ...base, type, choices, scoring: 'all-or-nothing' };
    }
    case 'true-false':
      return { ...base, type, correct: true };
    case 'short-answer':
      return { ...base, type, acceptedAnswers: [''] };
    case 'numeric':
      return { ...base, type, answer: '', tolerance: 0 };
    case 'ordering': {
      const [a, b] = two();
      return {
        ...base,
        type,
        items: [
          { id: a, text: '' },
          { id: b, text: '' },
        ],
      };
    }
  }
}

const toNumber = (value: NumberField): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));
const toOptionalNumber = (value: NumberField | null) => (value === null ? null : toNumber(value));

/** The draft as the API takes it (not yet checked: `checkDraft` does that). */
export function draftToInput(draft: QuizDraft): QuizDefinitionInput {
  const { settings } = draft;
  return {
    settings: {
      ...settings,
      passingPercent: toNumber(settings.passingPercent),
      maxAttempts: toOptionalNumber(settings.maxAttempts),
      waitMinutes: toNumber(settings.waitMinutes),
      timeLimitMinutes: toOptionalNumber(settings.timeLimitMinutes),
      drawCount: toOptionalNumber(settings.drawCount),
    },
    questions: draft.questions.map((question) => {
      const common = { points: toNumber(question.points), explanation: question.explanation.trim() === '' ? null : question.explanation };
      if (question.type === 'numeric') return { ...question, ...common, answer: toNumber(question.answer), tolerance: toNumber(question.tolerance) };
      return { ...question, ...common } as QuestionDefinition;
    }),
  };
}

/** Where a message belongs: the issue's path, joined with dots ("questions.2.choices.1.text"). */
export type DraftErrors = ReadonlyMap<string, string>;

/**
 * The translated message of one field-error key (`validation.<name>`): the shared `validation`
 * catalogue's when it has one, else the quizzes' own (`quizzes:validation.<name>`), else the generic one.
 */
export function validationKeyMessage(key: string): string {
  const name = key.replace(/^validation\./, '');
  if (i18n.exists(`validation:${name}`)) return i18n.t(`validation:${name}` as 'validation:invalid');
  if (i18n.exists(`quizzes:validation.${name}`)) return i18n.t(`quizzes:validation.${name}` as 'quizzes:validation.invalid');
  return i18n.t('validation:invalid');
}

/** One zod issue of the quiz schema, in words: the schema's own keys, or its bounds. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const t = i18n.t;
  if (issue.message.startsWith('validation.')) return validationKeyMessage(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? t('quizzes:validation.wholeNumber') : t('quizzes:validation.number');
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return t('quizzes:validation.required');
      if (issue.origin === 'array') return t('quizzes:validation.tooFew', { count: minimum });
      return t('quizzes:validation.atLeast', { number: minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return t('quizzes:validation.tooLong', { count: maximum });
      if (issue.origin === 'array') return t('quizzes:validation.tooMany', { count: maximum });
      return t('quizzes:validation.atMost', { number: maximum });
    }
    default:
      return t('quizzes:validation.invalid');
  }
}

/** Checks the draft with the schema the server checks it with: the input, or the translated message of each field. */
export function checkDraft(draft: QuizDraft): { ok: true; input: QuizDefinitionInput } | { ok: false; errors: DraftErrors } {
  const parsed = quizDefinitionInput.safeParse(draftToInput(draft));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!errors.has(key)) errors.set(key, issueMessage(issue));
  }
  return { ok: false, errors };
}

/** The server's field errors (`{ "questions.2.prompt": ["validation.x"] }`) as the editor's. */
export function serverFieldErrors(fields: Record<string, string[]>): DraftErrors {
  return new Map(Object.entries(fields).flatMap(([key, messages]) => (messages[0] ? [[key, validationKeyMessage(messages[0])] as const] : [])));
}

/** Imported questions, with fresh ids where they would collide with the quiz's. */
export function withFreshIds(questions: QuestionDefinition[], existing: readonly DraftQuestion[]): DraftQuestion[] {
  const taken = new Set(existing.map((question) => question.id));
  return questions.map((question) => {
    const id = taken.has(question.id) ? newItemId(taken) : question.id;
    taken.add(id);
    return draftQuestion({ ...question, id });
  });
}
