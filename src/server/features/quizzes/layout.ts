import { randomInt } from 'node:crypto';
import type { AttemptQuestion, GradedQuestion, QuestionAnswer, QuestionDefinition, QuizSettings } from '../../../shared/schemas/quizzes';
import type { AttemptLayoutEntry, AttemptOutcome } from '../../db/schema';
import { renderLessonText } from '../curriculum';
import { rightAnswerOf } from './grading';

/**
 * An attempt's questions: drawn from the version's questions (a pool of `drawCount`, or all),
 * shuffled when the quiz says so, and that order stored with the attempt, so a resumed attempt,
 * its result and every later read show the same questions in the same order.
 */

/** A random whole number in [0, below): the crypto one by default; tests pass their own. */
export type RandomIndex = (below: number) => number;
const cryptoIndex: RandomIndex = (below) => randomInt(below);

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: RandomIndex = cryptoIndex): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = random(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const orderOf = (question: QuestionDefinition): string[] | null =>
  question.type === 'single' || question.type === 'multiple' ? question.choices.map((choice) => choice.id) : question.type === 'ordering' ? question.items.map((item) => item.id) : null;

/**
 * Draws an attempt's layout. A pool keeps the drawn questions in the quiz's order unless the
 * questions are shuffled; an ordering question's items are always shuffled (in the right order
 * they would give the answer away), choices only when the quiz says so.
 */
export function drawLayout(questions: QuestionDefinition[], settings: Pick<QuizSettings, 'drawCount' | 'shuffleQuestions' | 'shuffleChoices'>, random: RandomIndex = cryptoIndex): AttemptLayoutEntry[] {
  const count = Math.min(settings.drawCount ?? questions.length, questions.length);
  let drawn = questions;
  if (count < questions.length) {
    const chosen = new Set(shuffled(questions.map((_, index) => index), random).slice(0, count));
    drawn = questions.filter((_, index) => chosen.has(index));
  }
  if (settings.shuffleQuestions) drawn = shuffled(drawn, random);
  return drawn.map((question) => {
    const order = orderOf(question);
    const shuffle = order && (question.type === 'ordering' || settings.shuffleChoices);
    return { id: question.id, order: shuffle ? shuffled(order, random) : order };
  });
}

/** The version's questions in the attempt's order (a question the version lacks cannot happen: versions never change). */
export function questionsOfLayout(layout: AttemptLayoutEntry[], questions: QuestionDefinition[]): QuestionDefinition[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return layout.flatMap((entry) => byId.get(entry.id) ?? []);
}

/** A question as the learner sees it during an attempt: no answers. Prompts are Markdown, rendered as text lessons are. */
export function attemptQuestionOf(question: QuestionDefinition, entry: AttemptLayoutEntry): AttemptQuestion {
  const inOrder = <T extends { id: string; text: string }>(items: T[]) => {
    const byId = new Map(items.map((item) => [item.id, item]));
    return (entry.order ?? items.map((item) => item.id)).flatMap((id) => {
      const item = byId.get(id);
      return item ? [{ id: item.id, text: item.text }] : [];
    });
  };
  return {
    id: question.id,
    type: question.type,
    promptHtml: renderLessonText(question.prompt),
    points: question.points,
    choices: question.type === 'single' || question.type === 'multiple' ? inOrder(question.choices) : null,
    items: question.type === 'ordering' ? inOrder(question.items) : null,
  };
}

/** A question of a graded attempt: what was answered, what was right, the score and the explanation. */
export function gradedQuestionOf(question: QuestionDefinition, entry: AttemptLayoutEntry, answer: QuestionAnswer | undefined, outcome: AttemptOutcome | undefined): GradedQuestion {
  return {
    ...attemptQuestionOf(question, entry),
    answer: answer ?? null,
    earned: outcome?.earned ?? 0,
    outcome: outcome?.outcome ?? 'unanswered',
    rightAnswer: rightAnswerOf(question),
    explanationHtml: question.explanation === null ? null : renderLessonText(question.explanation),
  };
}

/** Whether an answer fits its question: the same type, and only the question's own choices or items, each once. */
export function answerFits(question: QuestionDefinition, answer: QuestionAnswer): boolean {
  if (answer.type !== question.type) return false;
  const ids = new Set(orderOf(question) ?? []);
  const allKnown = (given: string[]) => new Set(given).size === given.length && given.every((id) => ids.has(id));
  if (answer.type === 'single') return ids.has(answer.choiceId);
  if (answer.type === 'multiple') return allKnown(answer.choiceIds);
  if (answer.type === 'ordering') return allKnown(answer.itemIds);
  return true;
}
