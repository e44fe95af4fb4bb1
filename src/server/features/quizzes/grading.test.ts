import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionDefinition, type QuestionAnswer, type QuestionDefinition } from '../../../shared/schemas/quizzes';
import { foldAnswer, gradeAttempt, gradeQuestion, percentOf, withinTolerance } from './grading';
import { drawLayout, shuffled } from './layout';

const base = { prompt: '¿?', points: 2, explanation: null };
const choices = (correct: boolean[]) => correct.map((right, index) => ({ id: `c${index}`, text: `Opción ${index}`, correct: right }));

const single: QuestionDefinition = { ...base, id: 'single', type: 'single', choices: choices([false, true, false]) };
const multiple = (scoring: 'all-or-nothing' | 'partial'): QuestionDefinition => ({ ...base, id: 'multi', type: 'multiple', scoring, choices: choices([true, true, true, false, false]) });
const trueFalse: QuestionDefinition = { ...base, id: 'tf', type: 'true-false', correct: false };
const shortAnswer: QuestionDefinition = { ...base, id: 'short', type: 'short-answer', acceptedAnswers: ['Árbol genealógico', 'family tree'] };
const numeric: QuestionDefinition = { ...base, id: 'num', type: 'numeric', answer: 0.3, tolerance: 0.1 };
const ordering: QuestionDefinition = { ...base, id: 'order', type: 'ordering', items: [{ id: 'a', text: 'Uno' }, { id: 'b', text: 'Dos' }, { id: 'c', text: 'Tres' }] };

describe('grading each question type', () => {
  it('single choice: the one right choice earns the points (in hundredths), any other nothing', () => {
    expect(gradeQuestion(single, { type: 'single', choiceId: 'c1' })).toEqual({ earned: 200, outcome: 'right' });
    expect(gradeQuestion(single, { type: 'single', choiceId: 'c0' })).toEqual({ earned: 0, outcome: 'wrong' });
    expect(gradeQuestion(single, undefined)).toEqual({ earned: 0, outcome: 'unanswered' });
    // An answer of another type is no answer.
    expect(gradeQuestion(single, { type: 'true-false', value: true })).toEqual({ earned: 0, outcome: 'unanswered' });
  });

  it('multiple choice, all or nothing: exactly the right set', () => {
    const question = multiple('all-or-nothing');
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c2', 'c0', 'c1'] })).toEqual({ earned: 200, outcome: 'right' });
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0', 'c1'] })).toEqual({ earned: 0, outcome: 'wrong' });
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0', 'c1', 'c2', 'c3'] })).toEqual({ earned: 0, outcome: 'wrong' });
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: [] })).toEqual({ earned: 0, outcome: 'unanswered' });
  });

  it('multiple choice, partial: a share per right pick less one per wrong pick, rounded down, never below 0', () => {
    const question = multiple('partial');
    // Three right choices: a share is 200 / 3 = 66.67 hundredths.
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0'] })).toEqual({ earned: 66, outcome: 'partial' });
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0', 'c1'] })).toEqual({ earned: 133, outcome: 'partial' });
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0', 'c1', 'c3'] })).toEqual({ earned: 66, outcome: 'partial' });
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0', 'c3', 'c4'] })).toEqual({ earned: 0, outcome: 'wrong' });
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0', 'c1', 'c2'] })).toEqual({ earned: 200, outcome: 'right' });
    // A choice the question does not have is a wrong pick.
    expect(gradeQuestion(question, { type: 'multiple', choiceIds: ['c0', 'c1', 'c2', 'zz'] })).toEqual({ earned: 133, outcome: 'partial' });
  });

  it('true/false', () => {
    expect(gradeQuestion(trueFalse, { type: 'true-false', value: false })).toEqual({ earned: 200, outcome: 'right' });
    expect(gradeQuestion(trueFalse, { type: 'true-false', value: true })).toEqual({ earned: 0, outcome: 'wrong' });
  });

  it('short answer: case, accents and runs of spaces are folded', () => {
    expect(foldAnswer('  ÁRBOL   Genealógico ')).toBe('arbol genealogico');
    for (const text of ['arbol genealogico', 'ÁRBOL  GENEALÓGICO', '\tárbol\ngenealógico ', 'Family Tree']) {
      expect(gradeQuestion(shortAnswer, { type: 'short-answer', text }), text).toEqual({ earned: 200, outcome: 'right' });
    }
    expect(gradeQuestion(shortAnswer, { type: 'short-answer', text: 'árboles genealógicos' })).toEqual({ earned: 0, outcome: 'wrong' });
    expect(gradeQuestion(shortAnswer, { type: 'short-answer', text: '   ' })).toEqual({ earned: 0, outcome: 'unanswered' });
    // Composed and decomposed forms of one letter are one answer.
    expect(foldAnswer('e\u0301')).toBe(foldAnswer('\u00e9'));
  });

  it('numeric: within the tolerance inclusively, despite binary fractions', () => {
    expect(0.4 - 0.3).toBeGreaterThan(0.1);
    for (const value of [0.2, 0.3, 0.4, 0.35, 0.2000000001]) expect(gradeQuestion(numeric, { type: 'numeric', value }), String(value)).toEqual({ earned: 200, outcome: 'right' });
    for (const value of [0.41, 0.19, -0.3, 0.4001]) expect(gradeQuestion(numeric, { type: 'numeric', value }), String(value)).toEqual({ earned: 0, outcome: 'wrong' });
    expect(withinTolerance(1e12 + 1, 1e12, 1)).toBe(true);
    expect(withinTolerance(1e12 + 2, 1e12, 1)).toBe(false);
    expect(withinTolerance(5, 5, 0)).toBe(true);
  });

  it('ordering: all or nothing', () => {
    expect(gradeQuestion(ordering, { type: 'ordering', itemIds: ['a', 'b', 'c'] })).toEqual({ earned: 200, outcome: 'right' });
    expect(gradeQuestion(ordering, { type: 'ordering', itemIds: ['a', 'c', 'b'] })).toEqual({ earned: 0, outcome: 'wrong' });
    expect(gradeQuestion(ordering, { type: 'ordering', itemIds: ['a', 'b'] })).toEqual({ earned: 0, outcome: 'wrong' });
  });

  it('totals an attempt: percent is floor(100 × earned / possible), passing at the quiz percentage', () => {
    const questions = [single, multiple('partial'), trueFalse];
    const graded = gradeAttempt(questions, { single: { type: 'single', choiceId: 'c1' }, multi: { type: 'multiple', choiceIds: ['c0'] } }, 44);
    expect(graded).toMatchObject({ earned: 266, possible: 600, percent: 44, passed: true });
    expect(gradeAttempt(questions, {}, 0)).toMatchObject({ earned: 0, percent: 0, passed: true });
    expect(gradeAttempt([], {}, 0)).toMatchObject({ possible: 0, percent: 0, passed: false });
  });
});

/** Random valid questions (through the shared schema) and answers of any type. */
const itemIdArb = fc.stringMatching(/^[a-z0-9]{1,6}$/);
const textArb = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim().length > 0);
const questionArb: fc.Arbitrary<QuestionDefinition> = fc
  .record({
    type: fc.constantFrom('single', 'multiple', 'true-false', 'short-answer', 'numeric', 'ordering'),
    points: fc.integer({ min: 1, max: 100 }),
    ids: fc.uniqueArray(itemIdArb, { minLength: 2, maxLength: 8 }),
    flags: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    scoring: fc.constantFrom('all-or-nothing', 'partial'),
    accepted: fc.array(textArb, { minLength: 1, maxLength: 3 }),
    answer: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    tolerance: fc.double({ min: 0, max: 100, noNaN: true }),
  })
  .map(({ type, points, ids, flags, scoring, accepted, answer, tolerance }) => {
    const common = { id: 'q', prompt: 'Pregunta', points, explanation: null };
    const marks = ids.map((_, index) => flags[index]!);
    if (type === 'single') marks.fill(false, 0).splice(0, 1, true);
    if (type === 'multiple' && !marks.some(Boolean)) marks[0] = true;
    const withChoices = ids.map((id, index) => ({ id, text: `t${id}`, correct: marks[index]! }));
    const raw =
      type === 'single' ? { ...common, type, choices: withChoices }
      : type === 'multiple' ? { ...common, type, scoring, choices: withChoices }
      : type === 'true-false' ? { ...common, type, correct: flags[0]! }
      : type === 'short-answer' ? { ...common, type, acceptedAnswers: accepted }
      : type === 'numeric' ? { ...common, type, answer, tolerance }
      : { ...common, type, items: ids.map((id) => ({ id, text: `t${id}` })) };
    return questionDefinition.parse(raw);
  });
const answerArb: fc.Arbitrary<QuestionAnswer> = fc.oneof(
  fc.record({ type: fc.constant('single' as const), choiceId: itemIdArb }),
  fc.record({ type: fc.constant('multiple' as const), choiceIds: fc.uniqueArray(itemIdArb, { maxLength: 8 }) }),
  fc.record({ type: fc.constant('true-false' as const), value: fc.boolean() }),
  fc.record({ type: fc.constant('short-answer' as const), text: fc.string({ maxLength: 30 }) }),
  fc.record({ type: fc.constant('numeric' as const), value: fc.double({ min: -1e6, max: 1e6, noNaN: true }) }),
  fc.record({ type: fc.constant('ordering' as const), itemIds: fc.uniqueArray(itemIdArb, { maxLength: 8 }) }),
);

/** The answer that is right for a question. */
function perfectAnswer(question: QuestionDefinition): QuestionAnswer {
  switch (question.type) {
    case 'single':
      return { type: 'single', choiceId: question.choices.find((choice) => choice.correct)!.id };
    case 'multiple':
      return { type: 'multiple', choiceIds: question.choices.filter((choice) => choice.correct).map((choice) => choice.id) };
    case 'true-false':
      return { type: 'true-false', value: question.correct };
    case 'short-answer':
      return { type: 'short-answer', text: ` ${question.acceptedAnswers[0]!.toUpperCase()} ` };
    case 'numeric':
      return { type: 'numeric', value: question.answer + question.tolerance };
    case 'ordering':
      return { type: 'ordering', itemIds: question.items.map((item) => item.id) };
  }
}

describe('grading invariants (property tests)', () => {
  it('0 ≤ earned ≤ points × 100 whatever the answer', () => {
    fc.assert(
      fc.property(questionArb, fc.option(answerArb, { nil: undefined }), (question, answer) => {
        const { earned } = gradeQuestion(question, answer);
        return Number.isInteger(earned) && earned >= 0 && earned <= question.points * 100;
      }),
      { numRuns: 2000 },
    );
  });

  it('a perfect answer earns every point', () => {
    fc.assert(
      fc.property(questionArb, (question) => {
        expect(gradeQuestion(question, perfectAnswer(question))).toEqual({ earned: question.points * 100, outcome: 'right' });
      }),
      { numRuns: 2000 },
    );
  });

  it('an attempt totals its questions, and percent = floor(100 × earned / possible)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(questionArb, fc.option(answerArb, { nil: undefined })), { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 100 }), (pairs, passing) => {
        const questions = pairs.map(([question], index) => ({ ...question, id: `q${index}` }));
        const answers = Object.fromEntries(pairs.flatMap(([, answer], index) => (answer ? [[`q${index}`, answer]] : [])));
        const graded = gradeAttempt(questions, answers, passing);
        expect(graded.earned).toBe(graded.grades.reduce((sum, grade) => sum + grade.earned, 0));
        expect(graded.possible).toBe(questions.reduce((sum, question) => sum + question.points * 100, 0));
        expect(graded.percent).toBe(Math.floor((100 * graded.earned) / graded.possible));
        expect(graded.percent).toBe(percentOf(graded.earned, graded.possible));
        expect(graded.passed).toBe(graded.percent >= passing);
      }),
      { numRuns: 500 },
    );
  });
});

describe('drawing an attempt', () => {
  const pool = Array.from({ length: 10 }, (_, index): QuestionDefinition => ({ ...single, id: `q${index}` }));

  it('draws N of M distinct questions, in the quiz order unless shuffled, and shuffles choices only when asked', () => {
    for (let run = 0; run < 50; run++) {
      const layout = drawLayout(pool, { drawCount: 4, shuffleQuestions: false, shuffleChoices: false });
      expect(layout).toHaveLength(4);
      const positions = layout.map((entry) => Number(entry.id.slice(1)));
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(layout.every((entry) => entry.order!.join() === 'c0,c1,c2')).toBe(true);
    }
    const all = drawLayout(pool, { drawCount: null, shuffleQuestions: true, shuffleChoices: true });
    expect(all.map((entry) => entry.id).sort()).toEqual(pool.map((question) => question.id).sort());
    expect(all.every((entry) => [...entry.order!].sort().join() === 'c0,c1,c2')).toBe(true);
  });

  it('shuffles uniformly enough to reach every order, and always shuffles ordering items', () => {
    const seen = new Set<string>();
    for (let run = 0; run < 300; run++) seen.add(shuffled(['a', 'b', 'c']).join(''));
    expect(seen.size).toBe(6);
    const orders = new Set<string>();
    for (let run = 0; run < 100; run++) orders.add(drawLayout([ordering], { drawCount: null, shuffleQuestions: false, shuffleChoices: false })[0]!.order!.join(''));
    expect(orders.size).toBeGreaterThan(1);
  });
});
