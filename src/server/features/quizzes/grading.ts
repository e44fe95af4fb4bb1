import type { GradedQuestion, QuestionAnswer, QuestionDefinition } from '../../../shared/schemas/quizzes';

/**
 * The one place a quiz answer is graded. Scores are whole hundredths of a point: a question of
 * `points` points earns between 0 and `points × 100`. Every rounding rounds down (the learner
 * never gets a fraction of a hundredth more than earned), so a quiz's total is exact and its
 * percentage is floor(100 × earned / possible).
 */

export type Outcome = GradedQuestion['outcome'];
export type QuestionGrade = { earned: number; outcome: Outcome };

/** The most a question can earn, in hundredths of a point. */
export const possibleOf = (question: Pick<QuestionDefinition, 'points'>) => question.points * 100;

/**
 * A short answer as it is compared: Unicode-decomposed (NFD) with its combining marks removed
 * (so "Árbol" and "arbol" agree), lower case, runs of white space made one space, trimmed.
 */
export function foldAnswer(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * Whether a number is within ± tolerance of the answer, inclusively. Decimal numbers are not
 * exact in binary (0.4 − 0.3 is 0.10000000000000003), so the bound gets a few units of the last
 * place of the numbers compared: 0.4 is within 0.1 of 0.3, and 0.41 is not.
 */
export function withinTolerance(value: number, answer: number, tolerance: number): boolean {
  const slack = 4 * Number.EPSILON * Math.max(1, Math.abs(value), Math.abs(answer), tolerance);
  return Math.abs(value - answer) <= tolerance + slack;
}

const outcomeOf = (earned: number, possible: number): Outcome => (earned >= possible ? 'right' : earned > 0 ? 'partial' : 'wrong');
const allOrNothing = (right: boolean, possible: number): QuestionGrade => ({ earned: right ? possible : 0, outcome: right ? 'right' : 'wrong' });

/** Grades one answer of the question's type; no answer (or one of another type) earns nothing and is `unanswered`. */
export function gradeQuestion(question: QuestionDefinition, answer: QuestionAnswer | null | undefined): QuestionGrade {
  const possible = possibleOf(question);
  const unanswered: QuestionGrade = { earned: 0, outcome: 'unanswered' };
  if (!answer || answer.type !== question.type) return unanswered;
  switch (question.type) {
    case 'single': {
      if (answer.type !== 'single') return unanswered;
      return allOrNothing(question.choices.some((choice) => choice.correct && choice.id === answer.choiceId), possible);
    }
    case 'multiple': {
      if (answer.type !== 'multiple') return unanswered;
      const picked = new Set(answer.choiceIds);
      if (picked.size === 0) return unanswered;
      const known = new Map(question.choices.map((choice) => [choice.id, choice.correct]));
      const rightChoices = question.choices.filter((choice) => choice.correct).length;
      // A pick that names no choice of the question counts as a wrong pick.
      const rightPicks = [...picked].filter((id) => known.get(id) === true).length;
      const wrongPicks = picked.size - rightPicks;
      if (question.scoring === 'all-or-nothing') return allOrNothing(rightPicks === rightChoices && wrongPicks === 0, possible);
      // Partial credit: a share (possible / right choices) per right pick, less one share per wrong pick, never below 0, rounded down.
      const earned = Math.max(0, Math.floor(((rightPicks - wrongPicks) * possible) / rightChoices));
      return { earned, outcome: outcomeOf(earned, possible) };
    }
    case 'true-false':
      if (answer.type !== 'true-false') return unanswered;
      return allOrNothing(answer.value === question.correct, possible);
    case 'short-answer': {
      if (answer.type !== 'short-answer') return unanswered;
      const given = foldAnswer(answer.text);
      if (given === '') return unanswered;
      return allOrNothing(question.acceptedAnswers.some((accepted) => foldAnswer(accepted) === given), possible);
    }
    case 'numeric':
      if (answer.type !== 'numeric') return unanswered;
      return allOrNothing(withinTolerance(answer.value, question.answer, question.tolerance), possible);
    case 'ordering': {
      if (answer.type !== 'ordering') return unanswered;
      if (answer.itemIds.length === 0) return unanswered;
      const right = answer.itemIds.length === question.items.length && question.items.every((item, index) => answer.itemIds[index] === item.id);
      return allOrNothing(right, possible);
    }
  }
}

/** A quiz's percentage: floor(100 × earned / possible), 0 when nothing could be earned. */
export function percentOf(earned: number, possible: number): number {
  return possible > 0 ? Math.floor((100 * earned) / possible) : 0;
}

/** What was right, as the result shows it. */
export function rightAnswerOf(question: QuestionDefinition): GradedQuestion['rightAnswer'] {
  switch (question.type) {
    case 'single':
    case 'multiple':
      return { choiceIds: question.choices.filter((choice) => choice.correct).map((choice) => choice.id) };
    case 'true-false':
      return { value: question.correct };
    case 'short-answer':
      return { acceptedAnswers: question.acceptedAnswers };
    case 'numeric':
      return { answer: question.answer, tolerance: question.tolerance };
    case 'ordering':
      return { itemIds: question.items.map((item) => item.id) };
  }
}

/** Grades a whole attempt: each question's grade, and the totals. */
export function gradeAttempt(questions: QuestionDefinition[], answers: Record<string, QuestionAnswer>, passingPercent: number) {
  const grades = questions.map((question) => ({ id: question.id, ...gradeQuestion(question, answers[question.id]) }));
  const earned = grades.reduce((sum, grade) => sum + grade.earned, 0);
  const possible = questions.reduce((sum, question) => sum + possibleOf(question), 0);
  const percent = percentOf(earned, possible);
  return { grades, earned, possible, percent, passed: possible > 0 && percent >= passingPercent };
}
